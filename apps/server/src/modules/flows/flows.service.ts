import type { FlowCreateInput, FlowGraph, FlowSummaryView, FlowTestInput, FlowTestView, FlowUpdateInput, FlowView } from "@holboo/core";
import { FlowGraph as FlowGraphSchema, flowGraphFault } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { wordsKey } from "../answers/text-match.service.ts";
import { callForFlow, endpointsOfCompany } from "../custom-api/custom-api.service.ts";
import { FlowEngine, type RunState } from "./flow-engine.ts";
import { promptFileIdsOf, subflowIds, validateFlow } from "./flow-graph.ts";
import { companyAudioFileIds } from "./voice-prompts.repo.ts";
import * as repo from "./flows.repo.ts";
import type { FlowWithFigures } from "./flows.repo.ts";

export { flowsUsingEndpoint } from "./flows.repo.ts";

/** A new flow's canvas: a start node to build from. */
const EMPTY_GRAPH: FlowGraph = { nodes: [{ id: "start", kind: "start", x: 0, y: 0, width: 160, height: 48, data: {} }], edges: [] };

const presentSummary = ({ flow, usage, success, fail: failed, recognized, judged, version, voice }: FlowWithFigures): FlowSummaryView => ({
  id: flow.id,
  agent_id: flow.agentId,
  voice,
  title: flow.title,
  status: flow.status as FlowSummaryView["status"],
  topics: flow.topics,
  version,
  usage_count: usage,
  success_count: success,
  fail_count: failed,
  accuracy: judged ? Math.round((recognized / judged) * 1000) / 1000 : null,
  created_at: flow.createdAt.toISOString(),
  updated_at: flow.updatedAt.toISOString(),
});
const present = (row: FlowWithFigures): FlowView => ({ ...presentSummary(row), graph: row.flow.draft });

/** Every process's matcher reads published flows again (flows.source.ts). */
const changed = (ctx: AppContext, companyId: number) => ctx.flowQuestions.changed(companyId);

export async function list(ctx: AppContext, actor: MemberActor) {
  return { items: (await repo.listFlows(ctx.db, actor.companyId)).map(presentSummary) };
}

async function load(ctx: AppContext, companyId: number, id: number) {
  return (await repo.findFlow(ctx.db, companyId, id)) ?? fail("flow_not_found");
}

export async function get(ctx: AppContext, actor: MemberActor, id: number) {
  return present(await load(ctx, actor.companyId, id));
}

export async function create(ctx: AppContext, actor: MemberActor, input: FlowCreateInput) {
  const agentId =
    (await repo.agentOfCompany(ctx.db, actor.companyId, input.agent_id)) ?? fail("virtual_agent_not_found", { agent_id: "virtual_agent_not_found" });
  const id = await repo.insertFlow(ctx.db, { companyId: actor.companyId, agentId, title: input.title, topics: input.topics, draft: EMPTY_GRAPH });
  return get(ctx, actor, id);
}

const GRAPH_FAULT_CODES = {
  node_missing: "flow_edge_node_missing",
  exit_unknown: "flow_edge_exit_unknown",
  entry_unknown: "flow_edge_entry_unknown",
  id_repeated: "flow_id_repeated",
} as const;

/** A graph the canvas could not draw whole is refused, naming the first node or edge at fault, instead of being stored. */
function checkGraph(graph: FlowGraph) {
  const fault = flowGraphFault(graph);
  if (!fault) return;
  const code = GRAPH_FAULT_CODES[fault.fault];
  fail(code, { [`graph.${fault.kind}s.${fault.index}`]: code }, { [`${fault.kind}_id`]: fault.id });
}

/** Edits change the draft only: the published version stays what customers get until the next publish. */
export async function update(ctx: AppContext, actor: MemberActor, id: number, input: FlowUpdateInput) {
  if (input.graph) checkGraph(input.graph);
  await load(ctx, actor.companyId, id);
  await repo.updateFlow(ctx.db, actor.companyId, id, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.topics !== undefined ? { topics: input.topics } : {}),
    ...(input.graph !== undefined ? { draft: input.graph } : {}),
  });
  return get(ctx, actor, id);
}

export async function duplicate(ctx: AppContext, actor: MemberActor, id: number) {
  const { flow } = await load(ctx, actor.companyId, id);
  const copy = await repo.insertFlow(ctx.db, {
    companyId: actor.companyId,
    agentId: flow.agentId,
    title: `${flow.title} (2)`.slice(0, 120),
    topics: flow.topics,
    draft: flow.draft,
  });
  return get(ctx, actor, copy);
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteFlow(ctx.db, actor.companyId, id))) fail("flow_not_found");
  changed(ctx, actor.companyId);
  return { ok: true as const };
}

/** What publishing would refuse, for the canvas to show before it tries. */
export async function problemsOf(ctx: AppContext, companyId: number, flowId: number, graph: FlowGraph) {
  const endpoints = await endpointsOfCompany(ctx.db, companyId);
  const subflowsOf = new Map<number, number[]>();
  for (const other of await repo.flowGraphsOf(ctx.db, companyId)) if (other.id !== flowId) subflowsOf.set(other.id, subflowIds(other.published ?? other.draft));
  const voice = (await repo.agentTypeOfFlow(ctx.db, companyId, flowId)) === "call_operator";
  const promptFileIds = await companyAudioFileIds(ctx.db, companyId, promptFileIdsOf(graph));
  return validateFlow(flowId, graph, { endpointIds: new Set(endpoints.map((endpoint) => endpoint.id)), subflowsOf, voice, promptFileIds });
}

export async function validate(ctx: AppContext, actor: MemberActor, id: number) {
  const { flow } = await load(ctx, actor.companyId, id);
  return { problems: await problemsOf(ctx, actor.companyId, id, flow.draft) };
}

/**
 * Publishing checks the draft and copies it into a new immutable version; conversations already in the
 * flow finish on the version they started on. "off" stops matching without touching any version.
 */
export async function setStatus(ctx: AppContext, actor: MemberActor, id: number, status: "published" | "off") {
  await ctx.db.transaction(async (tx) => {
    const flow = (await repo.lockFlow(tx, actor.companyId, id)) ?? fail("flow_not_found");
    if (status === "off") return repo.updateFlow(tx, actor.companyId, id, { status: "off" });
    const problems = await problemsOf(ctx, actor.companyId, id, flow.draft);
    if (problems.length) fail("flow_invalid", undefined, { problems: JSON.stringify(problems) });
    const version = await repo.insertVersion(tx, actor.companyId, id, FlowGraphSchema.parse(flow.draft));
    return repo.updateFlow(tx, actor.companyId, id, { status: "published", publishedVersionId: version.id });
  });
  changed(ctx, actor.companyId);
  return get(ctx, actor, id);
}

/**
 * The test chat beside the canvas: the draft runs in memory (its state travels with the browser between
 * lines), matched by its own question phrases, calling the real endpoints; nothing is stored or counted.
 */
export async function testDraft(ctx: AppContext, actor: MemberActor, id: number, input: FlowTestInput): Promise<FlowTestView> {
  const { flow } = await load(ctx, actor.companyId, id);
  const DRAFT = 0;
  const engine = new FlowEngine({
    graph: async (versionId) => (versionId === DRAFT ? flow.draft : repo.findVersionGraph(ctx.db, actor.companyId, versionId)),
    published: async (flowId) => {
      const versionId = await repo.publishedVersionOf(ctx.db, actor.companyId, flowId);
      return versionId ? { versionId } : null;
    },
    callApi: async (endpointId, variables) => {
      const result = await callForFlow(ctx, actor.companyId, endpointId, variables);
      return result.ok ? { ok: true, variables: result.mapped } : { ok: false, reason: result.error ?? "failed" };
    },
  });
  const state = input.state as RunState | null;
  let outcome = state?.status === "waiting" ? await engine.reply(state, input.message) : null;
  if (!outcome) {
    const question = matchDraftQuestion(flow.draft, input.message);
    if (question) outcome = await engine.enter(flow.id, DRAFT, question);
  }
  if (!outcome) return { replies: [], outcome: "no_match", state: input.state };
  const replies = outcome.effects.flatMap((effect) => (effect.kind === "say" ? [{ text: effect.text, choices: effect.choices, images: effect.images }] : []));
  const status = outcome.state.status === "running" ? "ended" : outcome.state.status;
  return { replies, outcome: status, state: status === "waiting" ? (outcome.state as unknown as Record<string, unknown>) : null };
}

/** The draft's question a test line asks: the one sharing most words with one of its phrases (no index for a draft). */
function matchDraftQuestion(graph: FlowGraph, message: string): string | null {
  let best: { id: string; score: number } | null = null;
  const said = new Set(keyWords(message));
  if (!said.size) return null;
  for (const node of graph.nodes) {
    if (node.kind !== "question") continue;
    for (const phrase of node.data.phrases ?? []) {
      const words = keyWords(phrase);
      if (!words.length) continue;
      const score = words.filter((word) => said.has(word)).length / words.length;
      if (score >= 0.5 && (!best || score > best.score)) best = { id: node.id, score };
    }
  }
  return best?.id ?? null;
}

const keyWords = (text: string) => wordsKey(text).split(" ").filter(Boolean);
