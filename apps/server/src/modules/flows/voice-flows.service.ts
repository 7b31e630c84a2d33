import type { VoiceFlows } from "../calls/voice-flows.ts";
import { findPrompt, promptMediaUrl, storeVoicemail } from "./voice-prompts.service.ts";
import { answeredByCallOperator, endCallFlow, resumeCallFlow, startCallFlow, waitingCallRun } from "./voice-runtime.service.ts";
import { registerVoiceDriver } from "./voice-timeout.job.ts";

/** The call operator's flows as the PBX drivers use them (modules/calls/voice-flows.ts), handed in by the composition root. */
export const voiceFlows: VoiceFlows = {
  answeredByCallOperator,
  startCallFlow,
  waitingCallRun,
  resumeCallFlow,
  endCallFlow,
  findPrompt,
  promptMediaUrl,
  storeVoicemail,
  registerVoiceDriver,
};
