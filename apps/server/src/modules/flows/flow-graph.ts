import type { FlowEdge, FlowGraph, FlowNode, FlowProblem } from "@holboo/core";
import { FLOW_ANCHOR_FAIL, FLOW_ANCHOR_OK, flowEdgeFault } from "@holboo/core";

/** The edges leaving a node, in the graph's order. */
export const edgesFrom = (graph: FlowGraph, nodeId: string): FlowEdge[] => graph.edges.filter((edge) => edge.from === nodeId);
export const nodeOf = (graph: FlowGraph, nodeId: string): FlowNode | undefined => graph.nodes.find((node) => node.id === nodeId);

/**
 * The node a step goes to: the edge anchored at `anchor` (a choice, "ok" or "fail"), else the node's
 * unanchored edge. An api or subflow node's unanchored edge is its success path only.
 */
export function nextNode(graph: FlowGraph, nodeId: string, anchor: string | null): string | null {
  const edges = edgesFrom(graph, nodeId);
  if (anchor !== null) {
    const anchored = edges.find((edge) => edge.anchors.from === anchor);
    if (anchored) return anchored.to;
    if (anchor === FLOW_ANCHOR_FAIL) return null;
  }
  return edges.find((edge) => edge.anchors.from === null || edge.anchors.from === FLOW_ANCHOR_OK)?.to ?? null;
}

const problem = (code: FlowProblem["code"], nodeId: string | null = null, edgeId: string | null = null): FlowProblem => ({
  code,
  node_id: nodeId,
  edge_id: edgeId,
});

export interface PublishContext {
  /** Endpoint ids of the company's custom API. */
  endpointIds: Set<number>;
  /** The subflows each other flow of the company enters (its draft, or published version when published): flow id → flow ids. */
  subflowsOf: Map<number, number[]>;
  /** The flow belongs to a call operator: voice settings are required where they apply, typed-chat nodes refused. */
  voice: boolean;
  /** The company's uploaded recordings among the graph's prompts. */
  promptFileIds: Set<string>;
}

/** The recordings a graph's prompts name. */
export const promptFileIdsOf = (graph: FlowGraph): string[] =>
  graph.nodes.flatMap((node) => [node.data.prompt?.mn, node.data.prompt?.en].filter((id): id is string => !!id));

const hasVoiceSettings = (node: FlowNode) =>
  node.data.prompt !== undefined ||
  node.data.timeout_s !== undefined ||
  node.data.retries !== undefined ||
  node.data.transfer !== undefined ||
  node.data.voicemail_max_s !== undefined ||
  (node.data.choices ?? []).some((choice) => choice.digit !== undefined);

/** What a call cannot carry: typed questions, pictures, issues written from typed text, subflows (not run on calls yet). */
const isChatOnly = (node: FlowNode) =>
  node.kind === "question" || node.kind === "subflow" || (node.data.images?.length ?? 0) > 0 || node.data.action === "create_issue";

/** Problems of one node that depend on the agent type: voice settings in a social flow, chat nodes and incomplete menus in a call flow. */
function voiceProblems(node: FlowNode, context: PublishContext): FlowProblem[] {
  if (!context.voice) return hasVoiceSettings(node) ? [problem("voice_only", node.id)] : [];
  if (isChatOnly(node)) return [problem("chat_only", node.id)];
  const problems: FlowProblem[] = [];
  const prompts = [node.data.prompt?.mn, node.data.prompt?.en].filter((id): id is string => !!id);
  const needsPrompt = node.kind === "button";
  if (prompts.some((id) => !context.promptFileIds.has(id)) || (needsPrompt && !prompts.length)) problems.push(problem("prompt_missing", node.id));
  if (node.kind === "button") {
    const digits = (node.data.choices ?? []).map((choice) => choice.digit);
    if (!digits.length || digits.some((digit) => !digit) || new Set(digits).size !== digits.length) problems.push(problem("digit_missing", node.id));
  }
  return problems;
}

/** The subflow ids a graph enters. */
export const subflowIds = (graph: FlowGraph): number[] =>
  graph.nodes.flatMap((node) => (node.kind === "subflow" && node.data.flow_id ? [node.data.flow_id] : []));

/**
 * Why a graph cannot be published (empty when it can): exactly one start, every node reachable from the
 * start or a question, no edge to or from a missing node, every question with a path onward, every
 * offered choice with an edge, existing api endpoints and subflows, and no cycle through subflows.
 */
export function validateFlow(flowId: number, graph: FlowGraph, context: PublishContext): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const ids = new Set(graph.nodes.map((node) => node.id));
  const starts = graph.nodes.filter((node) => node.kind === "start");
  if (starts.length === 0) problems.push(problem("no_start"));
  for (const extra of starts.slice(1)) problems.push(problem("many_starts", extra.id));
  const nodesById = new Map(graph.nodes.map((node) => [node.id, node]));
  // Saving refuses these edges; a draft stored before that rule still shows them here instead of losing them.
  for (const edge of graph.edges) {
    const fault = flowEdgeFault(edge, nodesById);
    if (fault) problems.push(problem(fault === "node_missing" ? "dangling_edge" : "edge_invalid", null, edge.id));
  }

  // Customers enter at the start (a subflow's caller) or at any question.
  const reached = new Set<string>();
  const queue = graph.nodes.filter((node) => node.kind === "start" || node.kind === "question").map((node) => node.id);
  while (queue.length) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const edge of edgesFrom(graph, id)) if (ids.has(edge.to)) queue.push(edge.to);
  }
  // A question is an entry of its own (customers reach it by asking), as is the start.
  for (const node of graph.nodes)
    if (node.kind !== "start" && node.kind !== "question" && !reached.has(node.id)) problems.push(problem("unreachable", node.id));
  const questions = graph.nodes.filter((node) => node.kind === "question");
  if (!questions.length && !starts.length && !context.voice) problems.push(problem("no_question"));
  for (const question of questions) {
    if (!edgesFrom(graph, question.id).some((edge) => ids.has(edge.to)) || !(question.data.phrases ?? []).some((p) => p.trim()))
      problems.push(problem("question_without_answer", question.id));
  }
  for (const node of graph.nodes) {
    problems.push(...voiceProblems(node, context));
    if ((node.kind === "button" || node.kind === "response") && node.data.choices?.length) {
      for (const choice of node.data.choices)
        if (!edgesFrom(graph, node.id).some((edge) => edge.anchors.from === choice.id && ids.has(edge.to)))
          problems.push(problem("choice_without_edge", node.id));
    }
    if (node.kind === "api" && (!node.data.endpoint_id || !context.endpointIds.has(node.data.endpoint_id))) problems.push(problem("api_missing", node.id));
    if (node.kind === "subflow") {
      const target = node.data.flow_id;
      if (!target || (!context.subflowsOf.has(target) && target !== flowId)) problems.push(problem("subflow_missing", node.id));
      else if (entersItself(flowId, subflowIds(graph), context.subflowsOf, target)) problems.push(problem("subflow_cycle", node.id));
    }
  }
  return problems;
}

/** Whether entering `target` can lead back to `flowId` through subflows (its own graph's subflows are `own`). */
function entersItself(flowId: number, own: number[], subflowsOf: Map<number, number[]>, target: number): boolean {
  const seen = new Set<number>();
  const queue = [target];
  while (queue.length) {
    const id = queue.pop() as number;
    if (id === flowId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(id === flowId ? own : (subflowsOf.get(id) ?? [])));
  }
  return false;
}
