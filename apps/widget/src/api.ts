import type { AttachmentView, InteractionEventView, MessageView, WebchatSessionView } from "@holboo/core";
import { VISITOR_TOKEN_HEADER } from "@holboo/core/limits.ts";
import type { VisitorIdentityHint } from "./protocol.ts";

export class VisitorApi {
  token = "";

  private async fetch(method: string, path: string, body?: unknown, form?: FormData): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.token) headers[VISITOR_TOKEN_HEADER] = this.token;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
    if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
    return response;
  }

  private async call<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    return (await (await this.fetch(method, path, body, form)).json()) as T;
  }

  session(key: string, hostOrigin: string, storedToken: string | null, user: VisitorIdentityHint | null) {
    return this.call<WebchatSessionView>("POST", "/api/webchat/session", {
      public_key: key,
      host_origin: hostOrigin,
      ...(storedToken && !user ? { visitor_token: storedToken } : {}),
      ...(user ?? {}),
    });
  }

  send(clientId: string, text: string, attachmentIds: string[], faqIndex?: number) {
    return this.call<MessageView>("POST", "/api/webchat/messages", { client_id: clientId, text, attachment_ids: attachmentIds, faq_index: faqIndex });
  }

  events(interactionId: number, after: number) {
    return this.call<{ items: InteractionEventView[] }>("GET", `/api/webchat/events?interaction_id=${interactionId}&after=${after}`);
  }

  seen(interactionId: number, upToSeq: number) {
    return this.call("POST", "/api/webchat/seen", { interaction_id: interactionId, up_to_seq: upToSeq });
  }

  upload(file: File) {
    const form = new FormData();
    form.append("file", file);
    return this.call<AttachmentView>("POST", "/api/webchat/attachments", undefined, form);
  }

  /** Files need the token header, so they are fetched rather than linked. */
  async download(fileId: string): Promise<Blob> {
    return (await this.fetch("GET", `/api/webchat/files/${encodeURIComponent(fileId)}`)).blob();
  }
}
