import type { FlowEdgeType, FlowGraph, FlowNode, FlowNodeData, FlowNodeKind } from "@holboo/core";
import { FLOW_ANCHOR_FAIL, FLOW_ANCHOR_INVALID, FLOW_ANCHOR_NO_INPUT, FLOW_ANCHOR_OK } from "@holboo/core";
import { Graph, layout } from "@dagrejs/dagre";
import type { Edge, Node } from "@xyflow/react";

export type CanvasNodeData = { kind: FlowNodeKind; data: FlowNodeData };
export type CanvasNode = Node<CanvasNodeData, "flowNode">;

/** The spec's five edge types drawn with React Flow's own edges. */
export const EDGE_RENDERING: Record<FlowEdgeType, string> = {
  smooth: "default",
  hsmooth: "simplebezier",
  vsmooth: "smoothstep",
  ortho: "step",
  straight: "straight",
};
const EDGE_TYPE_OF = Object.fromEntries(Object.entries(EDGE_RENDERING).map(([spec, rendered]) => [rendered, spec])) as Record<string, FlowEdgeType>;

/** Spec §9: node spacing 40. */
export const NODE_SPACING = 40;
export const NODE_SIZE = { width: 200, height: 72 };

export function toCanvas(graph: FlowGraph): { nodes: CanvasNode[]; edges: Edge[] } {
  return {
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      type: "flowNode",
      position: { x: node.x, y: node.y },
      width: node.width,
      height: node.height,
      data: { kind: node.kind, data: node.data },
    })),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.from,
      target: edge.to,
      sourceHandle: edge.anchors.from,
      targetHandle: edge.anchors.to,
      type: EDGE_RENDERING[edge.type],
    })),
  };
}

export function toGraph(nodes: CanvasNode[], edges: Edge[]): FlowGraph {
  return {
    nodes: nodes.map((node): FlowNode => ({
      id: node.id,
      kind: node.data.kind,
      x: Math.round(node.position.x),
      y: Math.round(node.position.y),
      width: node.measured?.width ?? node.width ?? NODE_SIZE.width,
      height: node.measured?.height ?? node.height ?? NODE_SIZE.height,
      data: node.data.data,
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      from: edge.source,
      to: edge.target,
      anchors: { from: edge.sourceHandle ?? null, to: edge.targetHandle ?? null },
      type: EDGE_TYPE_OF[edge.type ?? "default"] ?? "smooth",
    })),
  };
}

/** A call operator's digit menu: a button node with a prompt or keys. */
export const isDigitMenu = (kind: FlowNodeKind, data: FlowNodeData) =>
  kind === "button" && (data.prompt !== undefined || (data.choices ?? []).some((choice) => choice.digit !== undefined));

/** The anchors a node's edges leave from: one per choice (and no key / wrong key for a digit menu), ok/fail for api and subflow, else one unnamed. */
export function sourceAnchors(kind: FlowNodeKind, data: FlowNodeData): Array<string | null> {
  if (kind === "success" || kind === "fail") return [];
  if (kind === "api" || kind === "subflow") return [FLOW_ANCHOR_OK, FLOW_ANCHOR_FAIL];
  if (isDigitMenu(kind, data)) return [...(data.choices ?? []).map((choice) => choice.id), FLOW_ANCHOR_NO_INPUT, FLOW_ANCHOR_INVALID];
  if ((kind === "button" || kind === "response") && data.choices?.length) return data.choices.map((choice) => choice.id);
  return [null];
}

/** Top-to-bottom layered layout (dagre) with the spec's spacing. */
export function autoLayout(nodes: CanvasNode[], edges: Edge[]): CanvasNode[] {
  const graph = new Graph();
  graph.setGraph({ rankdir: "TB", nodesep: NODE_SPACING, ranksep: NODE_SPACING * 2 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.measured?.width ?? NODE_SIZE.width, height: node.measured?.height ?? NODE_SIZE.height });
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  layout(graph);
  return nodes.map((node) => {
    const placed = graph.node(node.id);
    const width = node.measured?.width ?? NODE_SIZE.width;
    const height = node.measured?.height ?? NODE_SIZE.height;
    return placed ? { ...node, position: { x: placed.x - width / 2, y: placed.y - height / 2 } } : node;
  });
}

export const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

/** A new node's settings; in a call operator's flow a response plays a prompt and buttons are a digit menu. */
export function defaultData(kind: FlowNodeKind, voice = false): FlowNodeData {
  if (voice && kind === "button") return { prompt: {}, choices: [{ id: newId("c"), label: "1", digit: "1" }], timeout_s: 5, retries: 1 };
  if (voice && (kind === "response" || kind === "success" || kind === "fail")) return { prompt: {} };
  switch (kind) {
    case "question":
      return { phrases: [] };
    case "response":
      return { text: "", action: "none" };
    case "button":
      return { text: "", choices: [{ id: newId("c"), label: "1" }] };
    default:
      return {};
  }
}
