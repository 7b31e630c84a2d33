import { LIMITS } from "@holboo/core";
import WebSocket from "ws";
import { AppError } from "../../platform/http/errors.ts";
import { checkedAddress, fetchPublicPage, pinnedLookup, type FetchPolicy } from "../../modules/knowledge/safe-fetch.service.ts";
import { pbxFetchPolicy } from "../../modules/calls/pbx-network.service.ts";

/**
 * Asterisk's REST Interface (ARI) as Holboo uses it: HTTP Basic with the ari.conf user, JSON answers,
 * parameters in the query string as the ARI reference documents them (docs.asterisk.org, "Asterisk REST Interface").
 * The address is the one a company's admin typed: every request and the events socket go through the SSRF-safe
 * requests (pbx-network.service.ts: public addresses unless the installation allows private ones, the resolved
 * address checked and connected to, no redirects).
 */
export interface AriLogin {
  /** http(s)://host:8088, without /ari. */
  url: string;
  username: string;
  password: string;
  app: string;
}

/** A Channel object as ARI sends it (in events and GET /channels). */
export interface AriChannel {
  id: string;
  name: string;
  state: string;
  caller: { name: string; number: string };
  connected?: { name: string; number: string };
  dialplan?: { context: string; exten: string; priority: number };
  creationtime?: string;
}

/** A Bridge object as GET /bridges lists it. */
export interface AriBridge {
  id: string;
  channels: string[];
}

/** Refused with 401/403: the user or password is wrong. */
export class AriAuthError extends Error {}
/** No answer, or not ARI's: the address, the port or http.conf is wrong. */
export class AriUnreachable extends Error {}
/** ARI answered with an error status (a channel already gone is a 404). */
export class AriRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 8000;
/** ARI's JSON answers (GET /channels of a busy PBX included) are far below this. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

/** Why a request failed, as logs and the connection's last error tell it: never the address or what answered there. */
const failure = (error: unknown) => new AriUnreachable(error instanceof AppError ? error.code : "pbx_unreachable");

export class AriClient {
  private readonly policy: FetchPolicy;
  private readonly filePolicy: FetchPolicy;

  constructor(
    private readonly login: AriLogin,
    allowPrivate: boolean,
  ) {
    this.policy = pbxFetchPolicy(allowPrivate, { maxBytes: MAX_JSON_BYTES, timeoutMs: TIMEOUT_MS });
    this.filePolicy = pbxFetchPolicy(allowPrivate, { maxBytes: LIMITS.recordingMaxBytes, timeoutMs: 60_000 });
  }

  get authHeader() {
    return `Basic ${Buffer.from(`${this.login.username}:${this.login.password}`).toString("base64")}`;
  }

  /**
   * The events WebSocket of the Stasis application, opened on the address checked beforehand (resolved once, the
   * connection pinned to it, so a name that changes its answer cannot lead it elsewhere); no redirects. A refused
   * address throws AriUnreachable before anything is sent.
   */
  async openEvents(): Promise<WebSocket> {
    const url = new URL(`${this.login.url}/ari/events`);
    url.searchParams.set("app", this.login.app);
    const target = await checkedAddress(url, this.policy).catch((error: unknown) => {
      throw failure(error);
    });
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return new WebSocket(url.toString(), {
      headers: { authorization: this.authHeader },
      handshakeTimeout: 10_000,
      followRedirects: false,
      lookup: pinnedLookup(target),
    });
  }

  async request<T>(method: "GET" | "POST" | "DELETE", path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const url = new URL(`${this.login.url}/ari${path}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers = { authorization: this.authHeader, accept: "application/json" };
    const response = await fetchPublicPage(url.toString(), this.policy, { method, headers, body: null, anyStatus: true }).catch((error: unknown) => {
      throw failure(error);
    });
    const text = response.body.toString("utf8");
    if (response.status === 401 || response.status === 403) throw new AriAuthError(`ARI refused ${this.login.username}`);
    if (response.status < 200 || response.status >= 300)
      throw new AriRequestError(response.status, `${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AriUnreachable(`${method} ${path}: not JSON`);
    }
  }

  /** GET /asterisk/info: what the settings' test calls. */
  info() {
    return this.request<{ system?: { version?: string; entity_id?: string } }>("GET", "/asterisk/info");
  }

  channels() {
    return this.request<AriChannel[]>("GET", "/channels");
  }

  bridges() {
    return this.request<AriBridge[]>("GET", "/bridges");
  }

  answer(channelId: string) {
    return this.request<void>("POST", `/channels/${encodeURIComponent(channelId)}/answer`);
  }

  startMoh(channelId: string) {
    return this.request<void>("POST", `/channels/${encodeURIComponent(channelId)}/moh`);
  }

  stopMoh(channelId: string) {
    return this.request<void>("DELETE", `/channels/${encodeURIComponent(channelId)}/moh`);
  }

  hangup(channelId: string, reason: "normal" | "no_answer" | "busy" = "normal") {
    return this.request<void>("DELETE", `/channels/${encodeURIComponent(channelId)}`, { reason });
  }

  /** POST /channels: a new channel to `endpoint`, handed to our Stasis app with `appArgs` when it answers. */
  originate(params: { endpoint: string; channelId: string; appArgs: string; callerId?: string; timeout?: number }) {
    return this.request<AriChannel>("POST", "/channels", {
      endpoint: params.endpoint,
      app: this.login.app,
      appArgs: params.appArgs,
      channelId: params.channelId,
      callerId: params.callerId,
      timeout: params.timeout,
    });
  }

  /**
   * POST /applications/{app}/subscription: the app's events socket also receives the events of a channel it
   * does not control (one running in the dialplan), e.g. `channel:{id}`. Asterisk answers 422 for a source that does not exist.
   */
  subscribe(eventSource: string) {
    return this.request<unknown>("POST", `/applications/${encodeURIComponent(this.login.app)}/subscription`, { eventSource });
  }

  createBridge(bridgeId: string) {
    return this.request<{ id: string }>("POST", "/bridges", { type: "mixing", bridgeId, name: bridgeId });
  }

  addToBridge(bridgeId: string, channelIds: string[]) {
    return this.request<void>("POST", `/bridges/${encodeURIComponent(bridgeId)}/addChannel`, { channel: channelIds.join(",") });
  }

  /** POST /channels/{id}/play: `media` is a media URI (`sound:http(s)://…` fetched by Asterisk itself); PlaybackFinished follows. */
  play(channelId: string, media: string, playbackId: string) {
    return this.request<{ id: string }>("POST", `/channels/${encodeURIComponent(channelId)}/play`, { media, playbackId });
  }

  stopPlayback(playbackId: string) {
    return this.request<void>("DELETE", `/playbacks/${encodeURIComponent(playbackId)}`);
  }

  /** POST /channels/{id}/record: a live recording kept as a stored recording `name`; RecordingFinished follows. */
  record(channelId: string, params: { name: string; maxDurationSeconds: number }) {
    return this.request<{ name: string }>("POST", `/channels/${encodeURIComponent(channelId)}/record`, {
      name: params.name,
      format: "wav",
      maxDurationSeconds: params.maxDurationSeconds,
      maxSilenceSeconds: 10,
      ifExists: "overwrite",
      beep: "true",
      terminateOn: "#",
    });
  }

  /**
   * POST /bridges/{id}/record: the bridge's mixed audio kept as stored recording `name`; it stops when the bridge
   * is destroyed, and RecordingFinished (target `bridge:{id}`) follows.
   */
  recordBridge(bridgeId: string, name: string) {
    return this.request<{ name: string }>("POST", `/bridges/${encodeURIComponent(bridgeId)}/record`, { name, format: "wav", ifExists: "overwrite" });
  }

  /** GET /recordings/stored/{name}/file: the stored recording's bytes. */
  async recordingFile(name: string): Promise<Buffer> {
    const url = `${this.login.url}/ari/recordings/stored/${encodeURIComponent(name)}/file`;
    const request = { method: "GET", headers: { authorization: this.authHeader }, body: null, anyStatus: true };
    const response = await fetchPublicPage(url, this.filePolicy, request).catch((error: unknown) => {
      throw failure(error);
    });
    if (response.status < 200 || response.status >= 300) throw new AriRequestError(response.status, `GET recording ${name}: ${response.status}`);
    return response.body;
  }

  destroyBridge(bridgeId: string) {
    return this.request<void>("DELETE", `/bridges/${encodeURIComponent(bridgeId)}`);
  }
}
