import type { AppContext } from "../../context.ts";
import type { FlowRunRow } from "../flows/flows.repo.ts";
import type { VoiceInput } from "../flows/voice-engine.ts";
import type { CallForFlow, VoiceStep } from "../flows/voice-runtime.service.ts";
import type { VoiceDriver } from "../flows/voice-timeout.job.ts";

/**
 * What a PBX driver needs of the call operator's flows (modules/flows, a higher rank): to start, resume and end a
 * call's run, its prompts and voicemails, and the timeout job's hold on the process that drives the calls. The flows
 * feature implements it (voice-flows.service.ts) and the composition root hands it in (`ctx.voiceFlows`), so a
 * driver drives a flow without importing the feature above it. Each function is the flows service's own, `ctx` first.
 */
export interface VoiceFlows {
  /** Whether a call operator answers the channel's calls (then a call's conversation is needed before it is answered). */
  answeredByCallOperator(ctx: AppContext, companyId: number, channelId: number): Promise<boolean>;
  /** The operator's flow starts on a new call: its first step, or null when no call operator serves the line. */
  startCallFlow(ctx: AppContext, call: CallForFlow): Promise<VoiceStep | null>;
  /** The waiting run of a call, if the operator still has it. */
  waitingCallRun(ctx: AppContext, companyId: number, callId: number): Promise<FlowRunRow | null>;
  /** A report from the PBX (or a wait's timeout) for the call's waiting run; `waitSeq` null accepts any wait. */
  resumeCallFlow(ctx: AppContext, companyId: number, callId: number, waitSeq: number | null, input: VoiceInput): Promise<VoiceStep | null>;
  /** The caller is gone: the run ends where it stood (true while a voicemail being recorded keeps it). */
  endCallFlow(ctx: AppContext, companyId: number, callId: number, keepVoicemail: boolean): Promise<boolean>;
  /** An uploaded prompt's type, or null when it was deleted since the flow was published. */
  findPrompt(ctx: AppContext, companyId: number, fileId: string): Promise<{ mime: string } | null>;
  /** The signed address the PBX fetches a prompt from. */
  promptMediaUrl(ctx: AppContext, companyId: number, fileId: string, mime: string): string;
  /** Keeps a caller's voicemail among the company's files; its file id. */
  storeVoicemail(ctx: AppContext, companyId: number, callId: number, data: Buffer): Promise<string>;
  /** The process driving the company's calls takes the timeouts of its waits; the returned function lets go. */
  registerVoiceDriver(companyId: number, driver: VoiceDriver): () => void;
}
