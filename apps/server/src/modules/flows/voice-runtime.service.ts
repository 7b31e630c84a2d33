import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import type { VoiceRunState } from "../../platform/db/schema.ts";
import { findServingAgent } from "../../channels/channels.lookup.ts";
import { findInteraction } from "../interactions/interactions.lookup.ts";
import { publish } from "../interactions/messages.service.ts";
import { appendStepEvents, flowIOFor } from "./flow-runtime.service.ts";
import * as repo from "./flows.repo.ts";
import type { FlowRunRow } from "./flows.repo.ts";
import { VoiceEngine, type VoiceEffect, type VoiceInput, type VoiceState } from "./voice-engine.ts";
import { addVoiceWaitTimeout } from "./voice-timeout.job.ts";

/** What the PBX side must do after a step: the effects, in order, and the run's wait number (for playback ids). */
export interface VoiceStep {
  runId: number;
  interactionId: number;
  waitSeq: number;
  effects: VoiceEffect[];
}

/** The call a run drives: its row, its conversation and the caller's channel on the PBX. */
export interface CallForFlow {
  id: number;
  companyId: number;
  interactionId: number | null;
  caller: string;
}

const voiceEngineFor = (ctx: AppContext, companyId: number) => new VoiceEngine(flowIOFor(ctx, companyId));

const stateOf = (run: FlowRunRow): VoiceState => ({
  flowId: run.currentFlowId,
  versionId: run.versionId,
  nodeId: run.nodeId,
  variables: run.variables,
  awaiting: run.voice?.awaiting ?? null,
  tries: run.voice?.tries ?? 0,
  status: "waiting",
});

/** How long a wait may last before its job acts: a menu's key timeout, else a guard against a lost PBX event. */
function waitSeconds(state: VoiceState, timeoutS: number | undefined, voicemailS: number | undefined): number {
  if (state.awaiting === "digit") return timeoutS ?? LIMITS.voiceDigitTimeoutDefaultS;
  if (state.awaiting === "recorded") return (voicemailS ?? LIMITS.voicemailMaxSeconds) + 30;
  return LIMITS.voicePlaybackMaxS;
}

/**
 * A call reaching a line whose channel is served by an active call operator: the operator's first
 * published flow with a start node runs. Null when no call operator serves the line (people take the call).
 */
/** Whether a call operator answers the channel's calls (then a call's conversation is needed before it is answered). */
export async function answeredByCallOperator(ctx: AppContext, companyId: number, channelId: number) {
  return (await findServingAgent(ctx.db, companyId, channelId))?.agentType === "call_operator";
}

export async function startCallFlow(ctx: AppContext, call: CallForFlow): Promise<VoiceStep | null> {
  if (!call.interactionId) return null;
  const interaction = await findInteraction(ctx.db, call.companyId, call.interactionId);
  // The conversation is the AI agent's only when the line's channel has an active agent (opened that way).
  if (!interaction?.channelId || interaction.status !== "open" || interaction.ownerType !== "ai") return null;
  const agent = await findServingAgent(ctx.db, call.companyId, interaction.channelId);
  if (!agent || agent.agentType !== "call_operator") return null;
  const entry = (await repo.publishedFlowsOf(ctx.db, call.companyId, agent.id)).find((flow) => flow.graph.nodes.some((node) => node.kind === "start"));
  const start = entry?.graph.nodes.find((node) => node.kind === "start");
  if (!entry || !start) return null;
  const result = await voiceEngineFor(ctx, call.companyId).start(entry.flowId, entry.versionId, start.id);
  const interactionId = call.interactionId;
  const saved = await ctx.db.transaction(async (tx) => {
    // One waiting run per conversation: a second call in the same conversation meanwhile goes to people.
    if (await repo.findWaitingRun(tx, call.companyId, interactionId)) return null;
    const run = await repo.insertRun(tx, {
      companyId: call.companyId,
      interactionId,
      flowId: entry.flowId,
      currentFlowId: entry.flowId,
      versionId: entry.versionId,
      nodeId: start.id,
      status: "waiting",
      voice: { callId: call.id, caller: call.caller, awaiting: null, tries: 0 },
    });
    return saveStep(ctx, tx, run, result.state, result.effects);
  });
  if (!saved) return null;
  publish(ctx, [interaction], saved.events);
  return { runId: saved.run.id, interactionId, waitSeq: saved.waitSeq, effects: result.effects };
}

/** The waiting run of a call, if the operator still has it. */
export const waitingCallRun = (ctx: AppContext, companyId: number, callId: number) => repo.findWaitingCallRun(ctx.db, companyId, callId);

/**
 * A report from the PBX (or a wait's timeout) for a call's waiting run. `waitSeq` ties a report to the
 * wait it answers (a playback of an earlier wait, a timeout already overtaken); null accepts any wait.
 */
export async function resumeCallFlow(ctx: AppContext, companyId: number, callId: number, waitSeq: number | null, input: VoiceInput): Promise<VoiceStep | null> {
  const waiting = await repo.findWaitingCallRun(ctx.db, companyId, callId);
  if (!waiting || (waitSeq !== null && waiting.waitSeq !== waitSeq)) return null;
  const result = await voiceEngineFor(ctx, companyId).resume(stateOf(waiting), input);
  if (!result) return null;
  const saved = await ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, companyId, waiting.id);
    if (!run || run.status !== "waiting" || run.waitSeq !== waiting.waitSeq) return null;
    return saveStep(ctx, tx, run, result.state, result.effects);
  });
  if (!saved) return null;
  const interaction = await findInteraction(ctx.db, companyId, waiting.interactionId);
  if (interaction) publish(ctx, [interaction], saved.events);
  return { runId: waiting.id, interactionId: waiting.interactionId, waitSeq: saved.waitSeq, effects: result.effects };
}

/**
 * The caller is gone while the operator had the call: its run ends where it stood. On the hang-up itself
 * (`keepVoicemail`) a voicemail being recorded keeps the run for its RecordingFinished; true then.
 */
export const endCallFlow = (ctx: AppContext, companyId: number, callId: number, keepVoicemail: boolean) =>
  repo.endWaitingCallRun(ctx.db, companyId, callId, keepVoicemail);

/** Stores where the run stands (with its wait's timeout job) and one interaction event per step. */
async function saveStep(ctx: AppContext, tx: Executor, run: FlowRunRow, state: VoiceState, effects: VoiceEffect[]) {
  const waits = state.status === "waiting";
  const waitSeq = run.waitSeq + (waits ? 1 : 0);
  // A transfer hands the call to people: for the flow's figures that is the social agent's escalation, a success.
  const status = state.status === "running" ? "ended" : state.status === "transferred" ? "success" : state.status;
  const graph = await repo.findVersionGraph(tx, run.companyId, state.versionId);
  const node = graph?.nodes.find((candidate) => candidate.id === state.nodeId);
  await repo.updateRun(tx, run.companyId, run.id, {
    currentFlowId: state.flowId,
    versionId: state.versionId,
    nodeId: state.nodeId,
    variables: state.variables,
    status,
    waitSeq,
    voice: { ...(run.voice as VoiceRunState), awaiting: state.awaiting, tries: state.tries },
    recognized: run.recognized ?? (waits ? null : true),
    ...(waits ? {} : { endedAt: new Date() }),
  });
  if (waits) {
    const seconds = waitSeconds(state, node?.data.timeout_s, node?.data.voicemail_max_s);
    await addVoiceWaitTimeout(ctx, tx, { company_id: run.companyId, run_id: run.id, wait_seq: waitSeq }, new Date(Date.now() + seconds * 1000));
  }
  return { run, waitSeq, events: await appendStepEvents(tx, run, effects, status) };
}
