import type { FlowGraph } from "@holboo/core";
import { FlowWaitTimeoutJobPayload, LIMITS } from "@holboo/core";
import { jobKind } from "../../platform/jobs/job.ts";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { callForFlow } from "../custom-api/custom-api.service.ts";
import { closeAsVirtualAgent } from "../interactions/interactions.service.ts";
import { appendEvent } from "../interactions/interactions.lookup.ts";
import type { InteractionRow } from "../interactions/interactions.repo.ts";
import { publish } from "../interactions/messages.service.ts";
import { sendAsVirtualAgent } from "../interactions/reply.service.ts";
import { escalateToPeople } from "../interactions/ownership.service.ts";
import { createForAgent } from "../issues/issues.service.ts";
import type { EventRow } from "../interactions/events.repo.ts";
import { FlowEngine, type FlowEffect, type FlowIO, type RunState } from "./flow-engine.ts";
import { parseQuestionDocId } from "./flows.source.ts";
import * as repo from "./flows.repo.ts";
import type { FlowRunRow } from "./flows.repo.ts";

/** Published versions never change, so their graphs are kept once read (a few hundred kB at most per flow). */
const graphs = new Map<string, FlowGraph>();
const GRAPH_CACHE_MAX = 2000;

export function flowEngineFor(ctx: AppContext, companyId: number): FlowEngine {
  return new FlowEngine(flowIOFor(ctx, companyId));
}

/** A company's flow graphs (cached) and custom API, for the chat and the voice engines alike. */
export function flowIOFor(ctx: AppContext, companyId: number): FlowIO {
  return {
    graph: async (versionId) => {
      const key = `${companyId}:${versionId}`;
      const cached = graphs.get(key);
      if (cached) return cached;
      const graph = await repo.findVersionGraph(ctx.db, companyId, versionId);
      if (graph) {
        if (graphs.size >= GRAPH_CACHE_MAX) graphs.delete(graphs.keys().next().value ?? "");
        graphs.set(key, graph);
      }
      return graph;
    },
    published: async (flowId) => {
      const versionId = await repo.publishedVersionOf(ctx.db, companyId, flowId);
      return versionId ? { versionId } : null;
    },
    callApi: async (endpointId, variables) => {
      const result = await callForFlow(ctx, companyId, endpointId, variables);
      return result.ok ? { ok: true, variables: result.mapped } : { ok: false, reason: result.error ?? "failed" };
    },
  };
}

const stateOf = (run: FlowRunRow): RunState => ({
  currentFlowId: run.currentFlowId,
  versionId: run.versionId,
  nodeId: run.nodeId,
  variables: run.variables,
  stack: run.stack,
  status: "waiting",
});

/** A message's text with its choices as numbered lines (a reply's number or label picks one) and its images' addresses. */
export function renderSay(effect: Extract<FlowEffect, { kind: "say" }>): string {
  return [effect.text, ...effect.images, ...effect.choices.map((choice, index) => `${index + 1}. ${choice}`)].filter(Boolean).join("\n");
}

export interface FlowAgent {
  id: number;
  userId: number;
  name: string;
}

/**
 * The flow part of the virtual agent's turn. A message that matches a question node of the agent's
 * published flows starts that flow (a run waiting elsewhere is replaced: the customer rephrased, so that
 * match was not the right one); otherwise a waiting run takes the reply when it picks one of its
 * choices. Returns false when no flow took the message, so the knowledge answers it.
 */
export async function flowTurn(ctx: AppContext, interaction: InteractionRow, agent: FlowAgent, messageId: number, text: string): Promise<boolean> {
  const companyId = interaction.companyId;
  const decision = await ctx.flowMatcher.decide(companyId, agent.id, text);
  const matched = decision.outcome === "answer" ? parseQuestionDocId(decision.best.doc.id) : null;
  const waiting = await repo.findWaitingRun(ctx.db, companyId, interaction.id);
  const engine = flowEngineFor(ctx, companyId);

  let outcome: { state: RunState; effects: FlowEffect[] } | null = null;
  if (matched) outcome = await engine.enter(matched.flowId, matched.versionId, matched.nodeId);
  else if (waiting) outcome = await engine.reply(stateOf(waiting), text);
  if (!outcome) return false;
  const result = outcome;

  const { events, run } = await ctx.db.transaction(async (tx) => {
    const current = waiting ? await repo.findRun(tx, companyId, waiting.id) : null;
    let run: FlowRunRow;
    if (matched) {
      if (current?.status === "waiting")
        await repo.updateRun(tx, companyId, current.id, { status: "replaced", recognized: current.recognized ?? false, endedAt: new Date() });
      run = await repo.insertRun(tx, {
        companyId,
        interactionId: interaction.id,
        flowId: matched.flowId,
        currentFlowId: matched.flowId,
        versionId: matched.versionId,
        nodeId: matched.nodeId,
        status: "waiting",
      });
    } else {
      // A timeout ended it meanwhile: the reply goes to the knowledge next time.
      if (!current || current.status !== "waiting" || current.waitSeq !== waiting?.waitSeq) return { events: [], run: null };
      run = { ...current, recognized: current.recognized ?? true };
    }
    const events = await saveStep(ctx, tx, run, result.state, result.effects);
    await openIssues(tx, interaction, agent, text, result.effects);
    return { events, run };
  });
  if (!run) return false;
  publish(ctx, [interaction], events);
  await carryOut(ctx, interaction, agent, messageId, result.effects);
  return true;
}

/** Stores where the run stands (with a timeout job when it waits) and one interaction event per step. */
async function saveStep(ctx: AppContext, tx: Executor, run: FlowRunRow, state: RunState, effects: FlowEffect[]): Promise<EventRow[]> {
  const waits = state.status === "waiting";
  const ended = !waits;
  const waitSeq = run.waitSeq + (waits ? 1 : 0);
  const status = state.status === "running" ? "ended" : state.status;
  await repo.updateRun(tx, run.companyId, run.id, {
    currentFlowId: state.currentFlowId,
    versionId: state.versionId,
    nodeId: state.nodeId,
    variables: state.variables,
    stack: state.stack,
    status,
    waitSeq,
    // A flow that ran to its end without the customer rephrasing or asking for a person matched the right question.
    recognized: run.recognized ?? (ended ? true : null),
    ...(ended ? { endedAt: new Date() } : {}),
  });
  if (waits) await addWaitTimeout(ctx, tx, { company_id: run.companyId, run_id: run.id, wait_seq: waitSeq }, new Date(Date.now() + LIMITS.flowWaitTimeoutMs));
  return appendStepEvents(tx, run, effects, status);
}

type StepEffect = Extract<FlowEffect, { kind: "step" }>;

/** Each node a step passed through, as a staff-only `flow.step` line of the conversation (chat and voice flows alike). */
export async function appendStepEvents(tx: Executor, run: FlowRunRow, effects: ReadonlyArray<{ kind: string } | StepEffect>, status: string) {
  const events: EventRow[] = [];
  for (const effect of effects) {
    if (!isStep(effect)) continue;
    events.push(
      await appendEvent(tx, run.companyId, run.interactionId, {
        type: "flow.step",
        visibleToContact: false,
        payload: { run_id: run.id, flow_id: effect.flowId, node_id: effect.nodeId, node_kind: effect.nodeKind, result: effect.result ?? null, status },
      }),
    );
  }
  return events;
}

const isStep = (effect: { kind: string } | StepEffect): effect is StepEffect => effect.kind === "step";

/**
 * A response card's "create an issue" opens one in the step's transaction, named after its flow, with what the
 * customer wrote; the agent keeps the conversation (escalating is the card's other action).
 */
async function openIssues(tx: Executor, interaction: InteractionRow, agent: FlowAgent, text: string, effects: FlowEffect[]) {
  for (const effect of effects) {
    if (effect.kind !== "action" || effect.action !== "create_issue") continue;
    const title = (await repo.flowTitle(tx, interaction.companyId, effect.flowId)) ?? "";
    await createForAgent(tx, {
      companyId: interaction.companyId,
      agentUserId: agent.userId,
      name: title || text,
      description: text,
      contactId: interaction.contactId,
      channelId: interaction.channelId,
      interactionId: interaction.id,
    });
  }
}

/** Sends what the flow says and takes its card actions (close, escalate), in order, after the state is stored. */
async function carryOut(ctx: AppContext, interaction: InteractionRow, agent: FlowAgent, messageId: number, effects: FlowEffect[]) {
  let index = 0;
  for (const effect of effects) {
    if (effect.kind === "say") await sendAsVirtualAgent(ctx, interaction, agent, renderSay(effect), `flow:${messageId}:${index++}`);
    else if (effect.kind === "action") {
      if (effect.action === "escalate") await escalateToPeople(ctx, interaction.companyId, interaction.id);
      else if (effect.action === "close") await closeAsVirtualAgent(ctx, interaction.companyId, interaction.id, agent);
    }
  }
}

/** Ends a flow run still waiting for the customer's choice when its time is up (flow-timeout.job.ts runs it). */
export const flowWaitTimeout = jobKind<FlowWaitTimeoutJobPayload>({ id: "flows.wait_timeout", payload: FlowWaitTimeoutJobPayload, maxAttempts: 3 });

/** Added in the transaction that starts the wait; the wait's number makes an earlier wait's job do nothing. */
function addWaitTimeout(ctx: AppContext, tx: Executor, payload: FlowWaitTimeoutJobPayload, runAt: Date) {
  return ctx.jobs.add(tx, flowWaitTimeout, payload, { runAt, key: `flow_wait:${payload.run_id}` });
}

/** A wait's time ran out: the run ends as failed (a later wait of the same run is left alone). */
export async function expireWait(ctx: AppContext, companyId: number, runId: number, waitSeq: number) {
  await ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, companyId, runId);
    if (!run || run.status !== "waiting" || run.waitSeq !== waitSeq) return;
    await repo.updateRun(tx, companyId, runId, { status: "timeout", endedAt: new Date() });
    await appendEvent(tx, companyId, run.interactionId, {
      type: "flow.step",
      visibleToContact: false,
      payload: { run_id: run.id, flow_id: run.currentFlowId, node_id: run.nodeId, node_kind: null, result: "timeout", status: "timeout" },
    });
  });
}
