/**
 * Asterisk's REST Interface (ARI) as Holboo uses it: HTTP Basic with the ari.conf user, JSON answers,
 * parameters in the query string as the ARI reference documents them (docs.asterisk.org, "Asterisk REST Interface").
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

export class AriClient {
  constructor(private readonly login: AriLogin) {}

  get authHeader() {
    return `Basic ${Buffer.from(`${this.login.username}:${this.login.password}`).toString("base64")}`;
  }

  /** The events WebSocket of the Stasis application. */
  get eventsUrl() {
    const url = new URL(`${this.login.url}/ari/events`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("app", this.login.app);
    return url.toString();
  }

  async request<T>(method: "GET" | "POST" | "DELETE", path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const url = new URL(`${this.login.url}/ari${path}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await fetch(url, { method, headers: { authorization: this.authHeader, accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new AriUnreachable(error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    if (response.status === 401 || response.status === 403) throw new AriAuthError(`ARI refused ${this.login.username}`);
    if (!response.ok) throw new AriRequestError(response.status, `${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
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

  /** GET /recordings/stored/{name}/file: the stored recording's bytes. */
  async recordingFile(name: string): Promise<Buffer> {
    const response = await fetch(`${this.login.url}/ari/recordings/stored/${encodeURIComponent(name)}/file`, {
      headers: { authorization: this.authHeader },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new AriUnreachable(error instanceof Error ? error.message : String(error));
    });
    if (!response.ok) throw new AriRequestError(response.status, `GET recording ${name}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  destroyBridge(bridgeId: string) {
    return this.request<void>("DELETE", `/bridges/${encodeURIComponent(bridgeId)}`);
  }
}
