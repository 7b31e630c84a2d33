import type { AttachmentView, InteractionEventView, Locale, MessageView, VisitorClientEvents, VisitorServerEvents, WebchatSessionView } from "@holboo/core";
import { convertEmoji } from "@holboo/core/emoji.ts";
import { formatFileSize } from "@holboo/core/file-size.ts";
import { LIMITS } from "@holboo/core/limits.ts";
import { io, type Socket } from "socket.io-client";
import { VisitorApi } from "./api.ts";
import { catalogues, translate } from "./i18n/index.ts";
import { SOURCE, isMessage, type ToChat, type ToLoader, type VisitorIdentityHint } from "./protocol.ts";
import { css } from "./styles.ts";
import { Thread } from "./thread.ts";
import { ChatView } from "./view.ts";

const params = new URLSearchParams(location.search);
const key = params.get("key") ?? "";
const embedded = window.parent !== window;
/** The page that embeds us; only its messages are accepted and only it receives ours. */
const parentOrigin = embedded ? (params.get("parent") ?? "") : location.origin;
const tokenKey = `holboo:${key}:visitor`;
/** A send with no acknowledgement by then shows Retry; retrying reuses the client id, so nothing doubles. */
const SEND_TIMEOUT_MS = 15_000;
const newClientId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

function toLoader(message: ToLoader) {
  if (embedded && parentOrigin) window.parent.postMessage(message, parentOrigin);
}

class Chat {
  private readonly api = new VisitorApi();
  private readonly thread = new Thread();
  private socket: Socket<VisitorServerEvents, VisitorClientEvents> | null = null;
  private view: ChatView | null = null;
  private session: WebchatSessionView | null = null;
  private open = !embedded;
  private unread = 0;
  private lastTypingSent = 0;
  private readonly outbox = new Map<string, { text: string; attachmentIds: string[]; faqIndex?: number }>();

  async start(user: VisitorIdentityHint | null) {
    const stored = localStorage.getItem(tokenKey);
    this.session = await this.api.session(key, parentOrigin, stored, user);
    this.api.token = this.session.visitor_token;
    localStorage.setItem(tokenKey, this.session.visitor_token);
    const config = this.session.config;
    const locale: Locale = config.language;
    document.documentElement.lang = locale;
    const style = document.createElement("style");
    style.textContent = css(config.brand_color, config.text_color);
    document.head.append(style);
    this.view = new ChatView(document.getElementById("app") ?? document.body, config, locale, catalogues[locale], {
      onSend: (text) => void this.send(newClientId(), text, []),
      onRetry: (clientId) => void this.flush(clientId),
      onAttach: (file) => void this.attach(file, locale),
      onDownload: (attachment) => void this.download(attachment, locale),
      onFaq: (index, question) => void this.send(newClientId(), question, [], index),
      onClose: () => toLoader({ source: SOURCE, type: "close" }),
      onTyping: () => this.typing(),
    });
    this.view.mount();
    toLoader({
      source: SOURCE,
      type: "ready",
      brand_color: config.brand_color,
      text_color: config.text_color,
      title: locale === "en" && config.name_en ? config.name_en : config.name_mn,
    });
    this.thread.reset(this.session.interaction && this.session.interaction.status === "open" ? this.session.interaction.id : null);
    this.connect();
    await this.resync();
    this.render();
  }

  setOpen(open: boolean) {
    this.open = open;
    if (open) {
      this.unread = 0;
      toLoader({ source: SOURCE, type: "unread", count: 0 });
      void this.markSeen();
    }
  }

  private render() {
    if (this.view && this.session) this.view.render(this.thread, this.session.online);
  }

  private connect() {
    this.socket = io(`${location.origin}/webchat`, {
      auth: { token: this.api.token, locale: this.session?.config.language },
      transports: ["websocket", "polling"],
    });
    // After every (re)connection, fetch what was missed (pushes and fetched events converge by
    // sequence) and send again what was never acknowledged.
    this.socket.on("connect", () => {
      this.view?.showError(null);
      void this.resync();
      for (const clientId of this.outbox.keys()) void this.flush(clientId);
    });
    this.socket.on("disconnect", () => this.view?.showError(translate(catalogues[this.session?.config.language ?? "mn"], "error")));
    this.socket.on("event", (event) => this.receive([event]));
    this.socket.on("typing", (signal) => this.view?.showTyping(signal.name.split(" ")[0] ?? ""));
  }

  private receive(events: InteractionEventView[]) {
    let fresh = 0;
    for (const event of events) {
      // A new conversation (the visitor's first message, or one staff started after the last closed) replaces the thread.
      if (event.type === "message.created" && event.interaction_id !== this.thread.interactionId && (!this.thread.interactionId || this.thread.closed)) {
        this.thread.reset(event.interaction_id);
        if (event.seq > 1) void this.resync();
      }
      if (this.thread.apply(event) && event.type === "message.created" && (event.payload.message as { direction: string }).direction === "out") fresh++;
    }
    if (fresh && !this.open) {
      this.unread += fresh;
      toLoader({ source: SOURCE, type: "unread", count: this.unread });
    }
    if (fresh && this.open) void this.markSeen();
    this.render();
  }

  private async resync() {
    const id = this.thread.interactionId;
    if (!id) return;
    const { items } = await this.api.events(id, this.thread.lastSeq).catch(() => ({ items: [] }));
    this.receive(items);
  }

  private async markSeen() {
    if (this.thread.interactionId && this.thread.lastSeq) await this.api.seen(this.thread.interactionId, this.thread.lastSeq).catch(() => undefined);
  }

  private async send(clientId: string, raw: string, attachmentIds: string[], faqIndex?: number) {
    const text = faqIndex === undefined ? convertEmoji(raw) : raw;
    if (this.thread.closed) this.thread.reset(null);
    this.outbox.set(clientId, { text, attachmentIds, faqIndex });
    this.thread.addPending(clientId, text);
    this.render();
    await this.flush(clientId);
  }

  /** Delivers one message of the outbox; a failure leaves it there, shown with Retry. */
  private async flush(clientId: string) {
    const pending = this.outbox.get(clientId);
    if (!pending) return;
    this.thread.setStatus(clientId, "sending");
    try {
      const message = await this.deliver(clientId, pending.text, pending.attachmentIds, pending.faqIndex);
      this.outbox.delete(clientId);
      // The message's own event arrives by push (or by the resync after a reconnect); only a
      // conversation we did not know yet needs fetching.
      if (this.thread.interactionId !== message.interaction_id) {
        this.thread.reset(message.interaction_id);
        this.thread.addPending(clientId, pending.text);
        await this.resync();
      }
    } catch {
      // The same client id is sent again on Retry or after reconnecting, so the server stores it once.
      // A late failure of an attempt that another one already delivered changes nothing.
      if (this.outbox.has(clientId)) this.thread.setStatus(clientId, "retry");
    }
    this.render();
  }

  /** Over the live socket when connected, else over HTTP; the server treats both the same. */
  private async deliver(clientId: string, text: string, attachmentIds: string[], faqIndex?: number): Promise<MessageView> {
    const socket = this.socket;
    if (!socket?.connected) return this.api.send(clientId, text, attachmentIds, faqIndex);
    const ack = await socket.timeout(SEND_TIMEOUT_MS).emitWithAck("message", { client_id: clientId, text, attachment_ids: attachmentIds, faq_index: faqIndex });
    if ("message" in ack) return ack.message;
    throw new Error(ack.error.code);
  }

  private async attach(file: File, locale: Locale) {
    if (file.size > LIMITS.attachmentBytes)
      return this.view?.showError(translate(catalogues[locale], "tooLarge", { size: formatFileSize(LIMITS.attachmentBytes, locale) }));
    const uploaded = await this.api.upload(file).catch(() => null);
    if (!uploaded) return this.view?.showError(translate(catalogues[locale], "uploadFailed", { size: formatFileSize(LIMITS.attachmentBytes, locale) }));
    await this.send(newClientId(), "", [uploaded.file_id]);
  }

  private async download(attachment: AttachmentView, locale: Locale) {
    const blob = await this.api.download(attachment.file_id).catch(() => null);
    if (!blob) return this.view?.showError(translate(catalogues[locale], "downloadFailed"));
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = attachment.name || "file";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  private typing() {
    if (Date.now() - this.lastTypingSent < 2000) return;
    this.lastTypingSent = Date.now();
    this.socket?.emit("typing");
  }
}

const chat = new Chat();
let started = false;
const begin = (user: VisitorIdentityHint | null) => {
  if (started) return;
  started = true;
  chat.start(user).catch(() => {
    const app = document.getElementById("app");
    if (app) app.textContent = "…";
  });
};

if (embedded) {
  window.addEventListener("message", (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent || !isMessage<ToChat>(event.data)) return;
    if (event.data.type === "init") begin(event.data.user);
    else chat.setOpen(event.data.open);
  });
} else begin(null);
