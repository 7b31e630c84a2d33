import type { FlowEdge, FlowEdgeType, FlowGraph, FlowNode, FlowNodeData, FlowNodeKind } from "@holboo/core";
import { flowEdgeFault } from "@holboo/core";
import { Graph, layout } from "@dagrejs/dagre";
import type { Edge, Node, Viewport } from "@xyflow/react";

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

/**
 * The canvas of a stored graph. The API stores only edges the canvas can draw; a draft saved before that rule may
 * hold others, which come back in `undrawable` for the canvas to name (saving then leaves them out).
 */
export function toCanvas(graph: FlowGraph): { nodes: CanvasNode[]; edges: Edge[]; undrawable: FlowEdge[] } {
  const nodesById = new Map(graph.nodes.map((node) => [node.id, node]));
  const undrawable = graph.edges.filter((edge) => flowEdgeFault(edge, nodesById) !== null);
  return {
    undrawable,
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      type: "flowNode",
      position: { x: node.x, y: node.y },
      width: node.width,
      height: node.height,
      data: { kind: node.kind, data: node.data },
    })),
    edges: graph.edges
      .filter((edge) => !undrawable.includes(edge))
      .map((edge) => ({
        id: edge.id,
        source: edge.from,
        target: edge.to,
        // A null handle is drawn from the node's first exit: an api or subflow node's "ok", as the engine reads it.
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

/** Where a node's exits come from: the API's rule (core), so the canvas draws every edge the API stores. */
export { isDigitMenu, sourceAnchors } from "@holboo/core";

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

/** Below this zoom a node's text is too small to read: opening the canvas and "fit view" never go below it. */
export const READABLE_ZOOM = 0.75;
/** Opening a small flow never magnifies it past its real size. */
export const OPENING_MAX_ZOOM = 1;
const VIEW_PADDING = 40;

/**
 * The view a flow opens at: the whole flow when it fits at a readable zoom (at most its real size), else a readable
 * zoom with the start node at the top centre, the rest reached by panning or the minimap.
 */
export function openingViewport(nodes: FlowNode[], size: { width: number; height: number }): Viewport {
  if (!nodes.length || size.width <= 0 || size.height <= 0) return { x: 0, y: 0, zoom: OPENING_MAX_ZOOM };
  const left = Math.min(...nodes.map((node) => node.x));
  const top = Math.min(...nodes.map((node) => node.y));
  const right = Math.max(...nodes.map((node) => node.x + node.width));
  const bottom = Math.max(...nodes.map((node) => node.y + node.height));
  const fit = Math.min((size.width - 2 * VIEW_PADDING) / (right - left), (size.height - 2 * VIEW_PADDING) / (bottom - top));
  if (fit >= READABLE_ZOOM) {
    const zoom = Math.min(fit, OPENING_MAX_ZOOM);
    return { zoom, x: size.width / 2 - ((left + right) / 2) * zoom, y: size.height / 2 - ((top + bottom) / 2) * zoom };
  }
  const start = nodes.find((node) => node.kind === "start") ?? nodes.reduce((first, node) => (node.y < first.y ? node : first));
  return { zoom: READABLE_ZOOM, x: size.width / 2 - (start.x + start.width / 2) * READABLE_ZOOM, y: VIEW_PADDING - start.y * READABLE_ZOOM };
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
