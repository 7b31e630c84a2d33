import type WebSocket from "ws";
import type { AppContext } from "../../context.ts";
import {
  ARI_RECORDING_PREFIX,
  applyCallEvent,
  findCall,
  openCallsOfConnection,
  setConnectionState,
  waitingCallersOfConnection,
  type CallEvent,
  type CallRow,
  type PbxConnectionRow,
} from "../../modules/calls/call-state.service.ts";
import { extensionTalking, staffedExtensions } from "../../modules/calls/availability.service.ts";
import { callCenterSettings } from "../../modules/calls/call-center-settings.service.ts";
import { AriClient, AriRequestError, AriUnreachable, type AriChannel } from "./ari.client.ts";
import {
  agentLegId,
  bridgeOf,
  CALL_RECORDING_PREFIX,
  callerOfBridge,
  isOutboundLeg,
  parseAgentLeg,
  routeAriMessage,
  type AriEvent,
  type AriRoute,
} from "./ari.events.ts";
import { CallOperator } from "./call-operator.ts";
import { followOutboundLeg } from "./outbound-call.ts";

export interface SessionOptions {
  /** The first pause after the socket drops or fails to open; it doubles up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** While callers wait for people and nobody can be rung, how often who is available is looked at again. */
  pollMs: number;
}

/** How often the events socket is pinged: an answer proves nothing was missed up to then (the end of a call unheard). */
const PING_MS = 5000;

/** A PBX's event time (Asterisk writes `2014-05-20T13:15:27.131-0500`); ours when it has none or an unreadable one. */
function eventTime(event: AriEvent): Date {
  const at = event.timestamp ? new Date(event.timestamp) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date();
}

/**
 * One company's Asterisk, driven through ARI by the one process that owns the connection. A call that enters the
 * Stasis app (dialplan `Stasis(app)`) is answered and hears music on hold while it waits; people available for calls
 * (availability.service.ts: signed in, not away, not on or ringing for a call, past their after-call work) are rung one
 * at a time, longest idle first, each for the company's ring time (`PJSIP/{extension}`, originated into the same app);
 * the first that answers is bridged with the caller, and the bridge recorded when the company records calls. The
 * caller hanging up while waiting is an abandoned call; every person signed in having been rung without an answer is
 * a missed one. When the events socket drops it reconnects with a doubling pause and reconciles both ways with GET
 * /channels and GET /bridges: a call the PBX no longer has ends at the last moment the session heard from the PBX, and
 * an agent leg or bridge whose call Holboo has closed is hung up.
 */
export class AriSession {
  private socket: WebSocket | null = null;
  private stopped = false;
  private pause: number;
  private timer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  /** The last moment the PBX was heard on the socket (an event's own time, or an answered ping): a call found gone ended after it. */
  private heardUntil: Date | null = null;
  /** Work in progress per call (the caller's channel id), so calls proceed side by side, each in order. */
  private readonly work = new Map<string, Promise<void>>();
  private readonly client: AriClient;
  /** Extensions already rung for each waiting caller. */
  private readonly tried = new Map<string, Set<string>>();
  /** The extension ringing for each waiting caller now: ringing is busy, so no extension rings for two callers. */
  private readonly ringing = new Map<string, string>();
  /** When (in `moments`) this session last rang someone for each caller: newer than a PBX snapshot taken before it. */
  private readonly rungAt = new Map<string, number>();
  private moments = 0;
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
    this.client = new AriClient(
      { url: connection.url, username: connection.username, password: login.password, app: connection.appName },
      ctx.config.PBX_ALLOW_PRIVATE,
    );
    this.pause = options.backoffMs;
    this.operator = new CallOperator(ctx, connection, this.client, {
      enqueue: (caller, task) => this.enqueue(caller, task),
      ring: (caller, extension) => this.ringFor(caller, extension),
      apply: (event, number) => this.apply(event, number, ""),
    });
  }

  start() {
    this.operator.start();
    void this.open();
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

  private async open() {
    if (this.stopped) return;
    let socket: WebSocket;
    try {
      socket = await this.client.openEvents();
    } catch (error) {
      // A refused address is as unreachable as a closed port: the same state, nothing more said.
      const reason = error instanceof AriUnreachable ? "pbx_unreachable" : "events_socket_closed";
      await setConnectionState(this.ctx.db, this.connection.id, "failed", reason).catch(() => undefined);
      return this.retry();
    }
    if (this.stopped) return socket.terminate();
    this.socket = socket;
    socket.on("open", () => {
      this.pause = this.options.backoffMs;
      this.pingTimer = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.ping();
      }, PING_MS);
      // Taken now: the new socket's own events must not move the end of calls that ended unheard.
      const heard = this.heardUntil;
      void this.enqueue("", async () => {
        await setConnectionState(this.ctx.db, this.connection.id, "connected", null);
        await this.reconcile(heard);
      });
    });
    socket.on("pong", () => {
      this.heardUntil = new Date();
    });
    socket.on("message", (data) => this.receive(String(data)));
    socket.on("error", (error) => this.ctx.log.warn({ err: error, connection: this.connection.id }, "ARI events socket failed"));
    socket.on("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      if (this.stopped) return;
      void setConnectionState(this.ctx.db, this.connection.id, "connecting", "events_socket_closed").catch(() => undefined);
      this.retry();
    });
  }

  private retry() {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.open(), this.pause);
    this.pause = Math.min(this.pause * 2, this.options.maxBackoffMs);
  }

  /** One message of the events socket: routed to its call's queue, or logged and ignored (ari.events.ts says which). */
  private receive(data: string) {
    const route = routeAriMessage(data);
    if (route.event) this.heardUntil = eventTime(route.event);
    if (route.outcome === "ignored") {
      this.ctx.log.debug({ connection: this.connection.id, type: route.type, reason: route.reason }, "ARI event ignored");
      return;
    }
    void this.enqueue(route.key, () => this.handle(route));
  }

  async stop() {
    this.stopped = true;
    this.operator.stop();
    for (const timer of [this.timer, this.pollTimer]) if (timer) clearTimeout(timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.socket?.terminate();
    this.socket = null;
    await Promise.all([...this.work.values()]);
  }

  private apply(event: Omit<CallEvent, "at" | "direction" | "number" | "lineNumber"> & { at?: Date }, number: string, lineNumber: string) {
    return applyCallEvent(this.ctx, this.connection, { at: new Date(), direction: "in", number, lineNumber, ...event });
  }

  private async handle(route: Extract<AriRoute, { outcome: "handled" }>) {
    const { event, key: caller } = route;
    const at = eventTime(event);
    const channel = event.channel;
    switch (route.action) {
      case "callerArrived":
        return this.callerArrived(channel!, at);
      case "agentAnswered":
        return this.agentAnswered(channel!.id, caller, parseAgentLeg(channel!.id)!.extension, at);
      case "digit":
        return this.operator.digit(caller, event.digit!);
      case "callerGone":
        return this.callerGone(caller, at);
      case "agentGone":
        return this.agentGone(caller, parseAgentLeg(channel!.id)!.extension, at);
      case "agentNotReached":
        return this.agentGone(caller, parseAgentLeg(event.peer!.id)!.extension, at);
      case "outboundLeg": {
        const side = isOutboundLeg(event.channel?.id) ? undefined : isOutboundLeg(event.caller?.id) ? "caller" : "peer";
        const ended = await followOutboundLeg(this.ctx, this.connection, { type: event.type, at, dialstatus: event.dialstatus, leg: caller, side });
        // The person's extension came free: callers waiting for it are offered again.
        if (ended) await this.drain();
        return;
      }
      case "playbackFinished":
        return this.operator.playbackFinished(event.playback!);
      case "voicemailStored":
        return this.operator.recordingFinished(event.recording!);
      case "voicemailFailed":
        return this.operator.recordingFailed(event.recording!);
      case "callRecorded":
        return this.recorded(caller, event.recording!.name!);
      case "transferredAway":
        return this.transferredAway(caller, at);
      case "appReplaced":
        return this.replaced();
    }
  }

  /**
   * Another client subscribed to the app (ApplicationReplaced): Asterisk sends it the events from now on. This session
   * says so in the connection's state and tries again only after the longest pause, so two clients do not keep
   * taking the app from each other.
   */
  private async replaced() {
    await setConnectionState(this.ctx.db, this.connection.id, "failed", "application_replaced");
    this.pause = this.options.maxBackoffMs;
    const socket = this.socket;
    this.socket = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    socket?.terminate();
    this.retry();
  }

  /**
   * The PBX is the truth for what is live; Holboo for what is closed. A call whose channel is gone ended while the
   * session was not listening: at the last moment it heard from the PBX (a session that heard nothing yet, after
   * another process died, has only now). An agent leg, a caller or a bridge still up on the PBX for a call Holboo has
   * closed is hung up; an extension found answered or ringing for a waiting caller is taken up where it stands.
   */
  private async reconcile(heard: Date | null) {
    const snapshotAt = ++this.moments;
    const [channels, bridges] = await Promise.all([this.client.channels(), this.client.bridges().catch(() => [])]);
    const live = new Map(channels.map((c) => [c.id, c]));
    const now = new Date();
    // A PBX clock ahead of ours must not end a call in the future.
    const endedAt = heard && heard < now ? heard : now;
    const legsOf = (caller: string) => channels.map((c) => ({ channel: c, leg: parseAgentLeg(c.id) })).filter((l) => l.leg?.caller === caller);
    const open = new Map((await openCallsOfConnection(this.ctx, this.connection.id)).map((call) => [call.providerCallId, call]));
    for (const call of open.values()) {
      const caller = call.providerCallId;
      if (call.direction === "out") {
        if (live.has(caller)) void this.enqueue(caller, () => this.quietly(() => this.client.subscribe(`channel:${caller}`)));
        // An outbound call gone unseen: nothing says the customer was rung, so it is not a missed call.
        else void this.enqueue(caller, () => this.ended(call, "cancel", endedAt, "reconcile"));
        continue;
      }
      const legs = legsOf(caller);
      if (!live.has(caller)) {
        void this.enqueue(caller, async () => {
          await this.ended(call, "unanswered", endedAt, "reconcile");
          this.forget(caller);
          for (const { channel } of legs) await this.quietly(() => this.client.hangup(channel.id));
          await this.quietly(() => this.client.destroyBridge(bridgeOf(caller)));
        });
        continue;
      }
      if (call.status === "talking") {
        // The person hung up unheard: the caller is let go too, as when it is heard.
        if (!legs.some((l) => l.leg!.extension === call.extension))
          void this.enqueue(caller, async () => {
            await this.ended(call, "normal", endedAt, "reconcile-agent");
            await this.quietly(() => this.client.hangup(caller));
            await this.quietly(() => this.client.destroyBridge(bridgeOf(caller)));
          });
        continue;
      }
      void this.enqueue(caller, async () => {
        // Rung since the snapshot (a key pressed meanwhile transferred the caller): this session knows better than it.
        if ((this.rungAt.get(caller) ?? 0) > snapshotAt) return;
        // What rang before the drop is known again from the PBX, not from a leg that may have ended unheard.
        this.ringing.delete(caller);
        const answered = legs.find((l) => l.channel.state === "Up");
        const ringing = legs.find((l) => l.channel.state !== "Up");
        if (answered) return this.agentAnswered(answered.channel.id, caller, answered.leg!.extension, new Date());
        if (ringing) {
          this.ringing.set(caller, ringing.leg!.extension);
          return;
        }
        if (!(await this.operator.owns(call))) await this.offer(caller);
      });
    }
    // The other way: what the PBX still holds for calls Holboo has closed.
    for (const channel of channels) {
      const agent = parseAgentLeg(channel.id);
      const callerId = agent?.caller ?? (isOutboundLeg(channel.id) ? null : channel.id);
      if (!callerId) continue;
      const call = open.get(callerId);
      if (agent && (!call || (call.status === "talking" && call.extension !== agent.extension)))
        void this.enqueue(callerId, () => this.quietly(() => this.client.hangup(channel.id)));
      else if (!agent && !call && inOurApp(channel, this.connection.appName))
        void this.enqueue(callerId, async () => {
          // A caller still in the app whose call Holboo closed (not one passed on into the dialplan, nor a stranger's channel).
          if ((await findCall(this.ctx, this.connection.id, callerId))?.direction === "in") await this.quietly(() => this.client.hangup(callerId));
        });
    }
    for (const bridge of bridges) {
      const callerId = callerOfBridge(bridge.id);
      if (callerId && open.get(callerId)?.status !== "talking") void this.enqueue(callerId, () => this.quietly(() => this.client.destroyBridge(bridge.id)));
    }
  }

  private async ended(call: CallRow, cause: NonNullable<CallEvent["cause"]>, at: Date, why: string) {
    await this.apply({ key: `${why}:${call.providerCallId}`, kind: "ended", providerCallId: call.providerCallId, cause, at }, call.number, "");
  }

  /** The caller is gone: the extension ringing for them (or talking with them) is hung up and their bridge destroyed. */
  private async hangUpLegs(caller: string, talkingTo: string | null) {
    const ringing = this.ringing.get(caller);
    this.forget(caller);
    for (const extension of new Set([ringing, talkingTo])) if (extension) await this.quietly(() => this.client.hangup(agentLegId(extension, caller)));
    if (talkingTo) await this.quietly(() => this.client.destroyBridge(bridgeOf(caller)));
  }

  /** A recording of a call's channel or bridge is stored on the PBX: the call keeps its name, streamed through Holboo later. */
  private async recorded(caller: string, name: string) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (!call) return;
    await this.apply(
      { key: `recording:${name}`, kind: "recorded", providerCallId: call.providerCallId, recordingUrl: `${ARI_RECORDING_PREFIX}${name}` },
      call.number,
      "",
    );
  }

  /**
   * A caller entered the app: recorded (waiting for people at once, unless the line's call operator answers), answered,
   * then handed to the operator's flow, or given music and rung for.
   */
  private async callerArrived(channel: AriChannel, at: Date) {
    const lineNumber = channel.dialplan?.exten ?? "";
    const operatorLine = await this.operator.answersLine(lineNumber);
    const row = await this.apply(
      { key: `start:${channel.id}`, kind: "new", queued: !operatorLine, providerCallId: channel.id, at },
      channel.caller?.number ?? "",
      lineNumber,
    );
    await this.quietly(() => this.client.answer(channel.id));
    if (operatorLine) {
      if (await this.operator.take(channel.id)) return;
      // The operator has no flow to run: people take the call.
      return this.queue(channel.id, at);
    }
    await this.quietly(() => this.client.startMoh(channel.id));
    await this.offer(channel.id, row?.providerCallId === channel.id ? row : undefined);
  }

  /** The caller begins waiting for people: music while they are rung. */
  private async queue(caller: string, at: Date) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (!call) return;
    await this.apply({ key: `queued:${caller}`, kind: "queued", providerCallId: caller, at }, call.number, "");
    await this.quietly(() => this.client.startMoh(caller));
    await this.offer(caller);
  }

  /** The call operator transferred the caller: people (or the one extension) are rung. */
  private async ringFor(caller: string, extension: string | null) {
    if (extension) this.only.set(caller, extension);
    await this.queue(caller, new Date());
  }

  /**
   * Rings the next available extension for a waiting caller. While someone signed in has not been rung for them yet
   * but is busy, the caller waits (the poll looks again); with nobody signed in left to ring after some were, the
   * call is missed. `read`: the call as this task just read it.
   */
  private async offer(caller: string, read?: CallRow | null) {
    if (this.ringing.has(caller)) return;
    const call = read === undefined ? await findCall(this.ctx, this.connection.id, caller) : read;
    // Only callers wait for people: a click-to-call waiting is the person's own phone ringing.
    if (!call || call.direction !== "in" || call.status !== "waiting" || !call.queuedAt || this.ringing.has(caller)) return;
    const tried = this.tried.get(caller) ?? new Set<string>();
    this.tried.set(caller, tried);
    const only = this.only.get(caller);
    const staffed = await staffedExtensions(this.ctx, this.connection.companyId, this.ringing.values());
    const untried = staffed.filter((s) => !tried.has(s.extension) && (!only || s.extension === only));
    // Checked again with no pause since: another caller's offer may have taken the extension meanwhile.
    const busy = new Set(this.ringing.values());
    const next = untried.find((s) => s.available && !busy.has(s.extension));
    if (!next) {
      if (untried.length || (!tried.size && !only)) return this.pollSoon(); // someone may come free (or sign in)
      this.forget(caller);
      await this.apply({ key: `missed:${caller}`, kind: "ended", providerCallId: caller, cause: "unanswered" }, call.number, "");
      await this.quietly(() => this.client.hangup(caller, "no_answer"));
      return;
    }
    tried.add(next.extension);
    this.ringing.set(caller, next.extension);
    this.rungAt.set(caller, ++this.moments);
    await this.client
      .originate({
        endpoint: `PJSIP/${next.extension}`,
        channelId: agentLegId(next.extension, caller),
        appArgs: `agent,${caller},${next.extension}`,
        callerId: call.number,
        timeout: next.ringSeconds,
      })
      .catch(async (error: unknown) => {
        this.ctx.log.warn({ err: error, extension: next.extension }, "ARI originate failed");
        this.ringing.delete(caller);
        await this.offer(caller);
      });
  }

  /**
   * The extension answered. Its ringing entry goes only once the call is recorded as talking, so that every other
   * caller's offer meanwhile sees the extension busy one way or the other (ringing here, or talking in the database).
   */
  private async agentAnswered(leg: string, caller: string, extension: string, at: Date) {
    const rang = () => {
      if (this.ringing.get(caller) === extension) this.ringing.delete(caller);
    };
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (!call || call.status !== "waiting") {
      rang();
      return this.quietly(() => this.client.hangup(leg));
    }
    // A phone that answered a second line while already talking: that caller is offered to someone else.
    if (await extensionTalking(this.ctx, call.companyId, extension, call.id)) {
      rang();
      await this.quietly(() => this.client.hangup(leg));
      return this.offer(caller);
    }
    await this.apply({ key: `answer:${leg}`, kind: "answered", providerCallId: caller, extension, at }, call.number, "");
    rang();
    this.tried.delete(caller);
    this.only.delete(caller);
    await this.quietly(() => this.client.stopMoh(caller));
    await this.quietly(() => this.client.createBridge(bridgeOf(caller)));
    await this.quietly(() => this.client.addToBridge(bridgeOf(caller), [caller, leg]));
    if ((await callCenterSettings(this.ctx, call.companyId)).record_calls)
      await this.quietly(() => this.client.recordBridge(bridgeOf(caller), `${CALL_RECORDING_PREFIX}${call.id}`));
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
      // The extension stopped ringing: another caller may have it.
      await this.drain();
    }
  }

  /** Both ChannelHangupRequest and ChannelDestroyed say so: the second finds nothing left to do. */
  private async callerGone(caller: string, at: Date) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    const leftVoicemail = call ? await this.operator.callerGone(call) : false;
    if (!call || (call.status !== "waiting" && call.status !== "talking")) return;
    const talkingTo = call.status === "talking" ? call.extension : null;
    // A caller who hangs up after leaving a voicemail is a missed call to call back, not one that gave up.
    const cause = leftVoicemail ? "unanswered" : "cancel";
    await this.apply({ key: `end:${caller}`, kind: "ended", providerCallId: caller, cause, at }, call.number, "");
    await this.hangUpLegs(caller, talkingTo);
    await this.drain();
  }

  /**
   * The person passed the caller on from their phone (Asterisk reports the transfer): the call ends here as served,
   * the talk until the transfer; the caller now talks elsewhere, so neither they nor the person's leg are hung up.
   */
  private async transferredAway(caller: string, at: Date) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (call?.status !== "talking") return;
    await this.apply({ key: `transfer:${caller}`, kind: "ended", providerCallId: caller, cause: "normal", at }, call.number, "");
    this.forget(caller);
    await this.quietly(() => this.client.destroyBridge(bridgeOf(caller)));
    await this.drain();
  }

  /**
   * Someone may have come free: waiting callers nobody rings are offered again, longest waiting first, each only if an
   * available extension not rung for them yet is left for them (so one who cannot take it does not hold it from the
   * next), or when nobody signed in is left to ring them at all (their offer lets them go as missed). Each gets one
   * queued re-offer (it reads the call when it runs). While callers wait, this looks again every `pollMs`: people sign
   * in, come back from away, finish their after-call work.
   */
  private async drain() {
    const waiting = (await waitingCallersOfConnection(this.ctx, this.connection.id)).filter((c) => !this.ringing.has(c) && !this.reoffers.has(c));
    if (!waiting.length) return;
    this.pollSoon();
    const staffed = await staffedExtensions(this.ctx, this.connection.companyId, this.ringing.values());
    const free = staffed.filter((s) => s.available).map((s) => s.extension);
    const given = new Set<string>();
    for (const caller of waiting) {
      const tried = this.tried.get(caller);
      const only = this.only.get(caller);
      const fits = (extension: string) => !tried?.has(extension) && (!only || extension === only);
      const pick = free.find((extension) => !given.has(extension) && fits(extension));
      const nobodyLeft = (!!tried?.size || !!only) && !staffed.some((s) => fits(s.extension));
      if (!pick && !nobodyLeft) continue;
      if (pick) given.add(pick);
      this.reoffers.add(caller);
      void this.enqueue(caller, async () => {
        this.reoffers.delete(caller);
        if (this.ringing.has(caller)) return;
        const call = await findCall(this.ctx, this.connection.id, caller);
        // A caller in the call operator's menu is not offered to people until it transfers them.
        if (!call || (await this.operator.owns(call))) return;
        await this.offer(caller, call);
      });
    }
  }

  private pollSoon() {
    if (this.pollTimer || this.stopped) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.enqueue("", () => this.drain());
    }, this.options.pollMs);
  }

  private forget(caller: string) {
    this.only.delete(caller);
    this.tried.delete(caller);
    this.ringing.delete(caller);
    this.rungAt.delete(caller);
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

/** A channel running our Stasis app (DialplanCEP's app_name/app_data, which Asterisk 16 and later report). */
function inOurApp(channel: AriChannel, app: string) {
  const dialplan = channel.dialplan as (AriChannel["dialplan"] & { app_name?: string; app_data?: string }) | undefined;
  return dialplan?.app_name === "Stasis" && (dialplan.app_data ?? "").split(",")[0] === app;
}
