import type { FlowEdge, FlowGraph, FlowNode, FlowNodeData, FlowNodeKind } from "./flows.ts";
import { FLOW_ANCHOR_FAIL, FLOW_ANCHOR_INVALID, FLOW_ANCHOR_NO_INPUT, FLOW_ANCHOR_OK } from "./flows.ts";

/** A call operator's digit menu: a button node with a prompt or keys. */
export const isDigitMenu = (kind: FlowNodeKind, data: FlowNodeData) =>
  kind === "button" && (data.prompt !== undefined || (data.choices ?? []).some((choice) => choice.digit !== undefined));

/**
 * The exits a node's edges leave from (the canvas draws one handle per exit): one per choice (and no key / wrong
 * key for a digit menu), ok/fail for api and subflow, none for success and fail, else one unnamed (null).
 */
export function sourceAnchors(kind: FlowNodeKind, data: FlowNodeData): Array<string | null> {
  if (kind === "success" || kind === "fail") return [];
  if (kind === "api" || kind === "subflow") return [FLOW_ANCHOR_OK, FLOW_ANCHOR_FAIL];
  if (isDigitMenu(kind, data)) return [...(data.choices ?? []).map((choice) => choice.id), FLOW_ANCHOR_NO_INPUT, FLOW_ANCHOR_INVALID];
  if ((kind === "button" || kind === "response") && data.choices?.length) return data.choices.map((choice) => choice.id);
  return [null];
}

/** Whether edges may enter a node: a run begins at the start, never reaches it by an edge (a question may be reached either way). */
export const acceptsEdges = (kind: FlowNodeKind) => kind !== "start";

/** Why an edge cannot be drawn or followed, or null when it can. */
export type FlowEdgeFault = "node_missing" | "exit_unknown" | "entry_unknown";

/**
 * The one rule for which edges a flow may hold, shared by the API (which refuses the rest) and the canvas (which
 * draws every edge it allows): both ends are nodes of the graph, the edge leaves by one of its node's exits (an
 * api or subflow node's unnamed exit is its "ok", as the engine reads it) and enters a node that takes edges, at
 * its one unnamed entry.
 */
export function flowEdgeFault(edge: FlowEdge, nodes: ReadonlyMap<string, FlowNode>): FlowEdgeFault | null {
  const from = nodes.get(edge.from);
  const to = nodes.get(edge.to);
  if (!from || !to) return "node_missing";
  const exits = sourceAnchors(from.kind, from.data);
  const unnamedIsOk = edge.anchors.from === null && exits.includes(FLOW_ANCHOR_OK);
  if (!exits.includes(edge.anchors.from) && !unnamedIsOk) return "exit_unknown";
  if (!acceptsEdges(to.kind) || edge.anchors.to !== null) return "entry_unknown";
  return null;
}

/** The first thing that makes a graph unfit to store: a repeated node or edge id, or an edge the rule above refuses. */
export function flowGraphFault(graph: FlowGraph): { index: number; id: string; fault: FlowEdgeFault | "id_repeated"; kind: "node" | "edge" } | null {
  const nodes = new Map<string, FlowNode>();
  for (const [index, node] of graph.nodes.entries()) {
    if (nodes.has(node.id)) return { index, id: node.id, fault: "id_repeated", kind: "node" };
    nodes.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const [index, edge] of graph.edges.entries()) {
    if (edgeIds.has(edge.id)) return { index, id: edge.id, fault: "id_repeated", kind: "edge" };
    edgeIds.add(edge.id);
    const fault = flowEdgeFault(edge, nodes);
    if (fault) return { index, id: edge.id, fault, kind: "edge" };
  }
  return null;
}
