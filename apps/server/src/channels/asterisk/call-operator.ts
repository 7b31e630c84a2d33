import type { VoicePrompt, VoiceTransfer } from "@holboo/core";
import { VOICE_LANGUAGES } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import {
  channelIdOfCall,
  findCall,
  linkCallToThread,
  voiceChannelOfLine,
  type CallEvent,
  type CallRow,
  type PbxConnectionRow,
} from "../../modules/calls/call-state.service.ts";
import type { VoiceFlows } from "../../modules/calls/voice-flows.ts";
import type { VoiceInput } from "../../modules/flows/voice-engine.ts";
import type { VoiceRunState } from "../../platform/db/schema.ts";
import type { VoiceStep } from "../../modules/flows/voice-runtime.service.ts";
import type { VoiceDriver } from "../../modules/flows/voice-timeout.job.ts";
import { escalateToPeople } from "../../modules/interactions/ownership.service.ts";
import { AriRequestError, type AriClient } from "./ari.client.ts";
import { callerOfTarget, PLAYBACK_PREFIX, voicemailName } from "./ari.events.ts";
import { addVoicemailFetchJob } from "./voicemail-fetch.job.ts";

/** What the ARI session lends the operator: its per-call work queue, its ringing logic and its call records. */
export interface OperatorHooks {
  enqueue(caller: string, task: () => Promise<void>): Promise<void>;
  /** Rings the people as for any call (the line's queue), or only `extension`. */
  ring(caller: string, extension: string | null): Promise<void>;
  apply(event: Omit<CallEvent, "at" | "direction" | "number" | "lineNumber">, number: string): Promise<unknown>;
}

/** Our playbacks are `holboo-p-{run}-{wait}`, so a finish names the wait it ends (an earlier wait's finish changes nothing). */
const playbackId = (step: VoiceStep) => `${PLAYBACK_PREFIX}${step.runId}-${step.waitSeq}`;

/**
 * The call operator on one company's Asterisk: when a call operator serves the line, the caller is answered
 * by its flow instead of the queue. Prompts are played from signed links to the uploaded recordings, keys
 * arrive as ChannelDtmfReceived, a voicemail is a channel recording: once RecordingFinished says it is stored the
 * call is missed and people's, and a job fetches the file (retried while the PBX does not give it); a transfer hands
 * the call to the session's ringing logic and the conversation to people.
 * Where the call stands lives in its flow run, so another process continues it after a restart.
 */
export class CallOperator implements VoiceDriver {
  private unregister: (() => void) | null = null;
  /** The call operator's flows, as the composition root hands them in (modules/calls/voice-flows.ts). */
  private readonly flows: VoiceFlows;

  constructor(
    private readonly ctx: AppContext,
    private readonly connection: PbxConnectionRow,
    private readonly client: AriClient,
    private readonly hooks: OperatorHooks,
  ) {
    this.flows = ctx.voiceFlows;
  }

  start() {
    this.unregister = this.flows.registerVoiceDriver(this.connection.companyId, this);
  }

  stop() {
    this.unregister?.();
  }

  /** Whether a call operator answers the line `lineNumber` (asked before a new call is recorded: its caller then is not yet waiting for people). */
  async answersLine(lineNumber: string): Promise<boolean> {
    const channelId = await voiceChannelOfLine(this.ctx, this.connection.companyId, lineNumber);
    return channelId !== null && this.flows.answeredByCallOperator(this.ctx, this.connection.companyId, channelId);
  }

  /** Whether the operator takes this new call (then the session neither plays music nor rings anyone). */
  async take(caller: string): Promise<boolean> {
    const call = await this.withThread(await findCall(this.ctx, this.connection.id, caller));
    if (!call || call.status !== "waiting") return false;
    const step = await this.flows.startCallFlow(this.ctx, { id: call.id, companyId: call.companyId, interactionId: call.interactionId, caller });
    if (!step) return false;
    await this.carryOut(call, step);
    return true;
  }

  /**
   * A new call's conversation is made by a job beside it (calls.thread), so monitoring never waits on it; a line the
   * call operator answers needs the conversation before the flow starts, so it is made here (the job then finds it made).
   */
  private async withThread(call: CallRow | null): Promise<CallRow | null> {
    if (!call || call.interactionId || call.status !== "waiting") return call;
    const channelId = await channelIdOfCall(this.ctx, call);
    if (channelId === null || !(await this.flows.answeredByCallOperator(this.ctx, call.companyId, channelId))) return call;
    await linkCallToThread(this.ctx, call.companyId, call.id);
    return findCall(this.ctx, this.connection.id, call.providerCallId);
  }

  /** Whether the operator has this call now (a reconnect or a freed extension must not ring people for it). */
  async owns(call: CallRow): Promise<boolean> {
    return !!(await this.flows.waitingCallRun(this.ctx, call.companyId, call.id));
  }

  digit(caller: string, digit: string) {
    return this.deliver(caller, null, { kind: "digit", digit });
  }

  async playbackFinished(playback: { id?: string; target_uri?: string }) {
    const caller = callerOfTarget(playback.target_uri);
    const match = playback.id?.startsWith(PLAYBACK_PREFIX) ? /-(\d+)$/.exec(playback.id) : null;
    if (!caller || !match) return;
    await this.deliver(caller, Number(match[1]), { kind: "played" });
  }

  /**
   * A voicemail is stored: the call is a missed call from now on (its conversation handed to people as the callback
   * task, call-state.service.ts) and a job fetches the file to keep with it, retried while the PBX does not give it.
   * Then the flow goes on, or ends when the caller hung up to finish it (the hang-up came first and ended the call).
   */
  async recordingFinished(recording: { name?: string; target_uri?: string }) {
    const call = await this.voicemailCall(recording);
    if (!call) return;
    await addVoicemailFetchJob(this.ctx, { company_id: call.companyId, call_id: call.id });
    await this.afterVoicemail(call);
  }

  /** Asterisk could not record the voicemail (RecordingFailed): still a missed call for people, and the flow goes on. */
  async recordingFailed(recording: { name?: string; target_uri?: string; cause?: string }) {
    const call = await this.voicemailCall(recording);
    if (!call) return;
    this.ctx.log.warn({ call: call.id, cause: recording.cause }, "ARI voicemail recording failed");
    await this.afterVoicemail(call);
  }

  /** The call whose voicemail the recording is, while its flow awaits it. */
  private async voicemailCall(recording: { name?: string; target_uri?: string }): Promise<CallRow | null> {
    const caller = callerOfTarget(recording.target_uri);
    const call = caller ? await findCall(this.ctx, this.connection.id, caller) : null;
    if (!call || recording.name !== voicemailName(call.id)) return null;
    const run = await this.flows.waitingCallRun(this.ctx, call.companyId, call.id);
    return run?.voice?.awaiting === "recorded" ? call : null;
  }

  private async afterVoicemail(call: CallRow) {
    const caller = call.providerCallId;
    const callerGone = call.status !== "waiting" && call.status !== "talking";
    await this.hooks.apply({ key: `voicemail:${caller}`, kind: "ended", providerCallId: caller, cause: "unanswered" }, call.number);
    if (callerGone) {
      await this.flows.endCallFlow(this.ctx, call.companyId, call.id, false);
      return;
    }
    const run = await this.flows.waitingCallRun(this.ctx, call.companyId, call.id);
    if (run) await this.deliver(caller, run.waitSeq, { kind: "recorded" });
  }

  /**
   * The caller hung up: the run ends where it stood, unless the caller was leaving a voicemail, which Asterisk
   * stores on hang-up; then true, and its RecordingFinished keeps it with the missed call and ends the run.
   */
  callerGone(call: CallRow): Promise<boolean> {
    return this.flows.endCallFlow(this.ctx, call.companyId, call.id, true);
  }

  /** From the timeout job: a menu heard no key; a playback or recording whose finish was lost counts as finished. */
  async waitExpired(caller: string, awaiting: VoiceRunState["awaiting"], waitSeq: number) {
    const input: VoiceInput = awaiting === "digit" ? { kind: "no_input" } : awaiting === "recorded" ? { kind: "recorded" } : { kind: "played" };
    await this.hooks.enqueue(caller, () => this.deliver(caller, waitSeq, input));
  }

  private async deliver(caller: string, waitSeq: number | null, input: VoiceInput) {
    const call = await findCall(this.ctx, this.connection.id, caller);
    if (call) await this.resume(call, waitSeq, input);
  }

  private async resume(call: CallRow, waitSeq: number | null, input: VoiceInput) {
    const before = input.kind === "digit" ? await this.flows.waitingCallRun(this.ctx, call.companyId, call.id) : null;
    const step = await this.flows.resumeCallFlow(this.ctx, call.companyId, call.id, waitSeq, input);
    if (!step) return;
    // A key pressed during a menu's prompt stops the prompt: the caller knew the menu.
    if (before?.voice?.awaiting === "played") await this.quietly(() => this.client.stopPlayback(`${PLAYBACK_PREFIX}${before.id}-${before.waitSeq}`));
    await this.carryOut(call, step);
  }

  private async carryOut(call: CallRow, step: VoiceStep) {
    const caller = call.providerCallId;
    for (const effect of step.effects) {
      if (effect.kind === "play") await this.play(call, effect.prompt, step);
      else if (effect.kind === "record")
        await this.quietly(() => this.client.record(caller, { name: voicemailName(call.id), maxDurationSeconds: effect.maxSeconds }));
      else if (effect.kind === "transfer") await this.transfer(call, effect.target);
      else if (effect.kind === "hangup") await this.hangup(call);
    }
  }

  /** The prompt in Mongolian, else English (the product's first and second language). */
  private async play(call: CallRow, prompt: VoicePrompt, step: VoiceStep) {
    const fileId = VOICE_LANGUAGES.map((language) => prompt[language]).find((id): id is string => !!id);
    const file = fileId ? await this.flows.findPrompt(this.ctx, call.companyId, fileId) : null;
    if (!fileId || !file) {
      // A prompt deleted since publishing: the flow goes on as if it had played.
      await this.hooks.enqueue(call.providerCallId, () => this.resume(call, step.waitSeq, { kind: "played" }));
      return;
    }
    const media = `sound:${this.flows.promptMediaUrl(this.ctx, call.companyId, fileId, file.mime)}`;
    await this.quietly(() => this.client.play(call.providerCallId, media, playbackId(step)));
  }

  private async transfer(call: CallRow, target: VoiceTransfer) {
    if (call.interactionId) await escalateToPeople(this.ctx, call.companyId, call.interactionId);
    await this.hooks.ring(call.providerCallId, target.to === "extension" ? target.extension : null);
  }

  /** The operator ends the call: served by the agent (answered, then ended), unless a voicemail already made it a missed call. */
  private async hangup(call: CallRow) {
    const caller = call.providerCallId;
    await this.hooks.apply({ key: `operator-answer:${caller}`, kind: "answered", providerCallId: caller }, call.number);
    await this.hooks.apply({ key: `operator-end:${caller}`, kind: "ended", providerCallId: caller, cause: "normal" }, call.number);
    await this.quietly(() => this.client.hangup(caller));
  }

  private async quietly(request: () => Promise<unknown>) {
    await request().catch((error: unknown) => {
      if (error instanceof AriRequestError && error.status === 404) return;
      this.ctx.log.warn({ err: error, connection: this.connection.id }, "ARI request failed");
    });
  }
}
