import WebSocket from "ws";
import type { AppContext } from "../../context.ts";
import {
  ARI_RECORDING_PREFIX,
  applyCallEvent,
  findCall,
  freeExtensions,
  openCallsOfConnection,
  setConnectionState,
  waitingCallersOfConnection,
  type CallEvent,
  type CallRow,
  type PbxConnectionRow,
} from "../../modules/calls/call-state.service.ts";
import { AriClient, AriRequestError, type AriChannel } from "./ari.client.ts";
import { CallOperator, isVoicemail } from "./call-operator.ts";
import { followOutboundLeg, isOutboundLeg } from "./outbound-call.ts";

/** An ARI event as the events WebSocket sends it (only the fields Holboo reads). */
interface AriEvent {
  type: string;
  timestamp?: string;
  channel?: AriChannel;
  args?: string[];
  cause?: number;
  digit?: string;
  /** PlaybackFinished and RecordingFinished name their channel (or Holboo's bridge) only in `target_uri`. */
  playback?: { id?: string; target_uri?: string };
  recording?: { name?: string; state?: string; target_uri?: string };
  /** Dial: the dialing channel (none when ARI originates) and the dialed one, with app_dial's DIALSTATUS. */
  caller?: AriChannel;
  peer?: AriChannel;
  dialstatus?: string;
}

/** The click-to-call leg an event is about, and its side in a Dial event. */
function outboundLegOf(event: AriEvent): { leg: string; side?: "caller" | "peer" } | null {
  if (isOutboundLeg(event.channel?.id)) return { leg: event.channel!.id };
  if (isOutboundLeg(event.caller?.id)) return { leg: event.caller!.id, side: "caller" };
  if (isOutboundLeg(event.peer?.id)) return { leg: event.peer!.id, side: "peer" };
  return null;
}

export interface SessionOptions {
  /** The first pause after the socket drops or fails to open; it doubles up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long an extension rings before the next one is tried (ARI originate `timeout`). */
  ringSeconds: number;
}

/** Agent legs are ours: `holboo-a-{extension}-{caller channel}` (an extension has no "-"). */
const AGENT_PREFIX = "holboo-a-";
const agentLegId = (extension: string, caller: string) => `${AGENT_PREFIX}${extension}-${caller}`;
function parseAgentLeg(id: string): { extension: string; caller: string } | null {
  if (!id.startsWith(AGENT_PREFIX)) return null;
  const rest = id.slice(AGENT_PREFIX.length);
  const dash = rest.indexOf("-");
  return dash > 0 ? { extension: rest.slice(0, dash), caller: rest.slice(dash + 1) } : null;
}
const BRIDGE_PREFIX = "holboo-b-";
const bridgeOf = (caller: string) => `${BRIDGE_PREFIX}${caller}`;
/** The channel a recording's `target_uri` belongs to: the channel itself, or the caller of one of our bridges. */
function callerOfRecording(target: string): string | null {
  if (target.startsWith("channel:")) return target.slice("channel:".length);
  if (target.startsWith(`bridge:${BRIDGE_PREFIX}`)) return target.slice(`bridge:${BRIDGE_PREFIX}`.length);
  return null;
}

/**
 * One company's Asterisk, driven through ARI by the one process that owns the connection. A call that
 * enters the Stasis app (dialplan `Stasis(app)`) is answered and hears music on hold while it waits;
 * free extensions are rung one at a time (`PJSIP/{extension}`, originated into the same app); the first
 * that answers is bridged with the caller. The caller hanging up while waiting is a cancelled call; no
 * extension answering is a missed one. When the events socket drops it reconnects with a doubling pause,
 * and every call still open is checked against GET /channels, so none stays "talking" forever.
 */
export class AriSession {
  private socket: WebSocket | null = null;
  private stopped = false;
  private pause: number;
  private timer: NodeJS.Timeout | null = null;
  /** Work in progress per call (the caller's channel id), so calls proceed side by side, each in order. */
  private readonly work = new Map<string, Promise<void>>();
  private readonly client: AriClient;
  /** Extensions already rung for each waiting caller. */
  private readonly tried = new Map<string, Set<string>>();
  /** The extension ringing for each waiting caller now. */
  private readonly ringing = new Map<string, string>();
  /** Waiting callers with a re-offer queued by `drain` (one each is enough: it reads the call when it runs). */
  private readonly reoffers = new Set<string>();
  /** Callers the call operator transferred to one extension: only it is rung. */
  private readonly only = new Map<string, string>();
  /** Runs a call operator's flow on calls its line hands it (call-operator.ts); this session only routes events to it. */
  private readonly operator: CallOperator;

  constructor(
    private readonly ctx: AppContext,
    readonly connection: PbxConnectionRow,
    login: { password: string },
    private readonly options: SessionOptions,
  ) {
    this.client = new AriClient({ url: connection.url, username: connection.username, password: login.password, app: connection.appName });
    this.pause = options.backoffMs;
    this.operator = new CallOperator(ctx, connection, this.client, {
      enqueue: (caller, task) => this.enqueue(caller, task),
      ring: (caller, extension) => this.ringFor(caller, extension),
      apply: (event, number) => this.apply(event, number, ""),
    });
  }

  start() {
    this.operator.start();
    this.open();
  }

  /** A call's events are handled one at a time, in the order the PBX sent them; other calls' meanwhile. */
  private enqueue(key: string, task: () => Promise<void>) {
    const next = (this.work.get(key) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => this.ctx.log.warn({ err: error, connection: this.connection.id }, "ARI event failed"));
    this.work.set(key, next);
    void next.then(() => {
      if (this.work.get(key) === next) this.work.delete(key);
    });
    return next;
  }

  private open() {
    if (this.stopped) return;
    const socket = new WebSocket(this.client.eventsUrl, { headers: { authorization: this.client.authHeader }, handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on("open", () => {
      this.pause = this.options.backoffMs;
      void this.enqueue("", async () => {
        await setConnectionState(this.ctx.db, this.connection.id, "connected", null);
        await this.reconcile();
      });
    });
    socket.on("message", (data) => {
      let event: AriEvent;
      try {
        event = JSON.parse(String(data)) as AriEvent;
      } catch {
        return;
      }
      const id = outboundLegOf(event)?.leg ?? event.channel?.id ?? callerOfRecording(event.playback?.target_uri ?? event.recording?.target_uri ?? "") ?? "";
      void this.enqueue(parseAgentLeg(id)?.caller ?? id, () => this.handle(event));
    });
    socket.on("error", (error) => this.ctx.log.warn({ err: error, connection: this.connection.id }, "ARI events socket failed"));
    socket.on("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      void setConnectionState(this.ctx.db, this.connection.id, "connecting", "events socket closed").catch(() => undefined);
      this.timer = setTimeout(() => this.open(), this.pause);
      this.pause = Math.min(this.pause * 2, this.options.maxBackoffMs);
    });
  }

  async stop() {
    this.stopped = true;
    this.operator.stop();
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
    this.socket = null;
    await Promise.all([...this.work.values()]);
  }

  /** What the PBX says is live decides: a call whose channel is gone ended while we were away. */
  private async reconcile() {
    const live = new Set((await this.client.channels()).map((c) => c.id));
    for (const call of await openCallsOfConnection(this.ctx, this.connection.id)) {
      const caller = call.providerCallId;
      const outbound = call.direction === "out";
      if (live.has(caller) && outbound) {
        // Still ringing or talking in the dialplan: follow it again (subscribing twice changes nothing).
        void this.enqueue(caller, () => this.quietly(() => this.client.subscribe(`channel:${caller}`)));
        continue;
      }
      if (live.has(caller)) {
        if (call.status === "waiting")
          void this.enqueue(caller, async () => {
            if (!(await this.operator.owns(call))) await this.offer(caller);
          });
        continue;
      }
      void this.enqueue(caller, async () => {
        // An outbound call gone unseen: nothing says the customer was rung, so it is not a missed call.
        await this.apply({ key: `reconcile:${caller}`, kind: "ended", providerCallId: caller, cause: outbound ? "cancel" : "unanswered" }, call.number, "");
      });
    }
  }

  private apply(event: Omit<CallEvent, "at" | "direction" | "number" | "lineNumber"> & { at?: Date }, number: string, lineNumber: string) {
    return applyCallEvent(this.ctx, this.connection, { at: new Date(), direction: "in", number, lineNumber, ...event });
  }

  private async handle(event: AriEvent) {
    if (event.type === "PlaybackFinished" && event.playback) return this.operator.playbackFinished(event.playback);
    if (event.type === "RecordingFinished" && event.recording) {
      if (isVoicemail(event.recording.name)) return this.operator.recordingFinished(event.recording);
      return this.recorded(event.recording.name ?? "", event.recording.target_uri ?? "");
    }
    const at = event.timestamp ? new Date(event.timestamp) : new Date();
    const outbound = outboundLegOf(event);
    if (outbound) {
      // The person's extension came free: callers waiting for it are offered again.
      if (await followOutboundLeg(this.ctx, this.connection, { type: event.type, at, dialstatus: event.dialstatus, ...outbound })) await this.drain();
      return;
    }
    const channel = event.channel;
    if (!channel) return;
    const agent = parseAgentLeg(channel.id);
    switch (event.type) {
      case "StasisStart":
        if (agent) return this.agentAnswered(channel.id, agent.caller, agent.extension, at);
        return this.callerArrived(channel, at);
      case "ChannelStateChange":
        // An agent's phone answering is reported by its StasisStart; a caller's "Up" is our own answer.
        return;
      case "ChannelDtmfReceived":
        // Digits matter to the call operator's menus only.
        if (!agent && event.digit) return this.operator.digit(channel.id, event.digit);
        return;
      case "ChannelHangupRequest":
      case "ChannelDestroyed":
        if (agent) return this.agentGone(agent.caller, agent.extension, at);
        return this.callerGone(channel, at);
    }
  }

  /** A recording of a call's channel or bridge is stored on the PBX: the call keeps its name, streamed through Holboo later. */
  private async recorded(name: string, target: string) {
    const id = callerOfRecording(target);
    const caller = id ? (parseAgentLeg(id)?.caller ?? id) : null;
    const call = caller ? await findCall(this.ctx, this.connection.id, caller) : null;
    if (!call || !name) return;
    await this.apply(
      { key: `recording:${name}`, kind: "recorded", providerCallId: call.providerCallId, recordingUrl: `${ARI_RECORDING_PREFIX}${name}` },
      call.number,
      "",
    );
  }

  private async callerArrived(channel: AriChannel, at: Date) {
    await this.apply({ key: `start:${channel.id}`, kind: "new", providerCallId: channel.id, at }, channel.caller.number, channel.dialplan?.exten ?? "");
    await this.quietly(() => this.client.answer(channel.id));
    if (await this.operator.take(channel.id)) return;
    await this.quietly(() => this.client.startMoh(channel.id));
    await this.offer(channel.id);
  }

  /** The call operator transferred the caller: music while people (or the one extension) are rung. */
  private async ringFor(caller: string, extension: string | null) {
    if (extension) this.only.set(caller, extension);
    await this.quietly(() => this.client.startMoh(caller));
    await this.offer(caller);
  }

  /** Rings the next free extension for a waiting caller; none left after trying some is a missed call. `read`: the call as this task just read it. */
  private async offer(caller: string, read?: CallRow | null) {
    if (this.ringing.has(caller)) return;
    const call = read === undefined ? await findCall(this.ctx, this.connection.id, caller) : read;
    // Only callers wait for people: a click-to-call waiting is the person's own phone ringing.
    if (!call || call.direction !== "in" || call.status !== "waiting" || this.ringing.has(caller)) return;
    const tried = this.tried.get(caller) ?? new Set<string>();
    this.tried.set(caller, tried);
    const only = this.only.get(caller);
    const next = (await freeExtensions(this.ctx, this.connection.companyId)).find((e) => !tried.has(e) && (!only || e === only));
    if (!next) {
      if (!tried.size) return; // nobody to ring yet: the caller waits until an extension is free
      this.forget(caller);
      await this.apply({ key: `missed:${caller}`, kind: "ended", providerCallId: caller, cause: "unanswered" }, call.number, "");
      await this.quietly(() => this.client.hangup(caller, "no_answer"));
      return;
    }
    tried.add(next);
    this.ringing.set(caller, next);
    await this.client
      .originate({
        endpoint: `PJSIP/${next}`,
        channelId: agentLegId(next, caller),
        appArgs: `agent,${caller},${next}`,
        callerId: call.number,
        timeout: this.options.ringSeconds,
      })
      .catch(async (error: unknown) => {
        this.ctx.log.warn({ err: error, extension: next }, "ARI originate failed");
        this.ringing.delete(caller);
        await this.offer(caller);
      });
  }

  private async agentAnswered(leg: string, caller: string, extension: string, at: Date) {
    this.ringing.delete(caller);
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (!call || call.status !== "waiting") return this.quietly(() => this.client.hangup(leg));
    await this.apply({ key: `answer:${leg}`, kind: "answered", providerCallId: caller, extension, at }, call.number, "");
    this.tried.delete(caller);
    this.only.delete(caller);
    await this.quietly(() => this.client.stopMoh(caller));
    await this.quietly(() => this.client.createBridge(bridgeOf(caller)));
    await this.quietly(() => this.client.addToBridge(bridgeOf(caller), [caller, leg]));
  }

  private async agentGone(caller: string, extension: string, at: Date) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (!call) return;
    if (call.status === "talking" && call.extension === extension) {
      await this.apply({ key: `end:${caller}`, kind: "ended", providerCallId: caller, cause: "normal", at }, call.number, "");
      await this.quietly(() => this.client.hangup(caller));
      await this.quietly(() => this.client.destroyBridge(bridgeOf(caller)));
      return this.drain();
    }
    if (call.status === "waiting" && this.ringing.get(caller) === extension) {
      this.ringing.delete(caller);
      await this.offer(caller);
    }
  }

  /** Both ChannelHangupRequest and ChannelDestroyed say so: the second finds nothing left to do. */
  private async callerGone(channel: AriChannel, at: Date) {
    const call = await findCall(this.ctx, this.connection.id, channel.id);
    const leftVoicemail = call ? await this.operator.callerGone(call) : false;
    if (!call || (call.status !== "waiting" && call.status !== "talking")) return;
    const ringing = this.ringing.get(channel.id);
    const talkingTo = call.status === "talking" ? call.extension : null;
    this.forget(channel.id);
    // A caller who hangs up after leaving a voicemail is a missed call to call back, not one that gave up.
    const cause = leftVoicemail ? "unanswered" : "cancel";
    await this.apply({ key: `end:${channel.id}`, kind: "ended", providerCallId: channel.id, cause, at }, call.number, "");
    for (const extension of [ringing, talkingTo]) if (extension) await this.quietly(() => this.client.hangup(agentLegId(extension, channel.id)));
    if (talkingTo) await this.quietly(() => this.client.destroyBridge(bridgeOf(channel.id)));
    await this.drain();
  }

  /**
   * An extension came free: waiting callers nobody rings are offered again. Each gets at most one queued
   * re-offer, and one already ringing when it runs is left alone: with many calls waiting, every call that
   * ended would otherwise queue a re-offer (and a read) per waiting caller, ahead of their own events.
   * With every extension on a call there is nobody to offer them to (a caller who gave up frees none), and
   * the call that frees one drains again.
   */
  private async drain() {
    if (!(await freeExtensions(this.ctx, this.connection.companyId)).length) return;
    for (const caller of await waitingCallersOfConnection(this.ctx, this.connection.id)) {
      if (this.ringing.has(caller) || this.reoffers.has(caller)) continue;
      this.reoffers.add(caller);
      void this.enqueue(caller, async () => {
        this.reoffers.delete(caller);
        if (this.ringing.has(caller)) return;
        const call = await findCall(this.ctx, this.connection.id, caller);
        // A caller in the call operator's menu is not offered to people until it transfers them.
        if (!call || (await this.operator.owns(call))) return;
        this.tried.delete(caller);
        await this.offer(caller, call);
      });
    }
  }

  private forget(caller: string) {
    this.only.delete(caller);
    this.tried.delete(caller);
    this.ringing.delete(caller);
    this.reoffers.delete(caller);
  }

  /** Requests on channels that may be gone already (a 404 is an answer, not a failure). */
  private async quietly(request: () => Promise<unknown>) {
    await request().catch((error: unknown) => {
      if (error instanceof AriRequestError && error.status === 404) return;
      this.ctx.log.warn({ err: error, connection: this.connection.id }, "ARI request failed");
    });
  }
}
