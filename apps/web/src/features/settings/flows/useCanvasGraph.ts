import type { FlowGraph } from "@holboo/core";
import { applyEdgeChanges, applyNodeChanges, type Edge, type EdgeChange, type NodeChange } from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { newId, toCanvas, toGraph, type CanvasNode } from "./graph.ts";

const HISTORY_MAX = 100;

/**
 * The canvas's nodes and edges while they are edited: whether they differ from the saved flow, undo and redo
 * (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y), and copy and paste of the selected nodes (Ctrl+C, Ctrl+V).
 */
export function useCanvasGraph(graph: FlowGraph) {
  const [initial] = useState(() => toCanvas(graph));
  const [nodes, setNodes] = useState<CanvasNode[]>(initial.nodes);
  const [edges, setEdges] = useState<Edge[]>(initial.edges);
  const [dirty, setDirty] = useState(false);
  const past = useRef<FlowGraph[]>([]);
  const future = useRef<FlowGraph[]>([]);
  const clipboard = useRef<{ nodes: CanvasNode[]; edges: Edge[] } | null>(null);

  /** Every change that matters is undoable: the graph before it goes on the stack. */
  const remember = useCallback(() => {
    past.current = [...past.current.slice(-HISTORY_MAX + 1), toGraph(nodes, edges)];
    future.current = [];
    setDirty(true);
  }, [nodes, edges]);
  const restore = (graph: FlowGraph) => {
    const canvas = toCanvas(graph);
    setNodes(canvas.nodes);
    setEdges(canvas.edges);
    setDirty(true);
  };
  const undo = () => {
    const previous = past.current.pop();
    if (!previous) return;
    future.current.push(toGraph(nodes, edges));
    restore(previous);
  };
  const redo = () => {
    const next = future.current.pop();
    if (!next) return;
    past.current.push(toGraph(nodes, edges));
    restore(next);
  };
  const copy = () => {
    const picked = nodes.filter((node) => node.selected);
    const ids = new Set(picked.map((node) => node.id));
    clipboard.current = { nodes: picked, edges: edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)) };
  };
  const paste = () => {
    const copied = clipboard.current;
    if (!copied?.nodes.length) return;
    remember();
    const ids = new Map(copied.nodes.map((node) => [node.id, newId(node.data.kind)]));
    const pasted = copied.nodes.map((node) => ({
      ...node,
      id: ids.get(node.id) ?? newId("n"),
      selected: true,
      position: { x: node.position.x + 40, y: node.position.y + 40 },
    }));
    const pastedEdges = copied.edges.map((edge) => ({
      ...edge,
      id: newId("e"),
      source: ids.get(edge.source) ?? edge.source,
      target: ids.get(edge.target) ?? edge.target,
    }));
    setNodes((current) => [...current.map((node) => ({ ...node, selected: false })), ...pasted]);
    setEdges((current) => [...current, ...pastedEdges]);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else if (key === "c") copy();
      else if (key === "v") paste();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const onNodesChange = (changes: NodeChange<CanvasNode>[]) => {
    if (changes.some((change) => change.type === "remove" || (change.type === "position" && !change.dragging))) remember();
    setNodes((current) => applyNodeChanges(changes, current));
    if (changes.some((change) => change.type === "position")) setDirty(true);
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    if (changes.some((change) => change.type === "remove")) remember();
    setEdges((current) => applyEdgeChanges(changes, current));
  };

  return { nodes, setNodes, edges, setEdges, dirty, setDirty, remember, undo, redo, onNodesChange, onEdgesChange, undrawable: initial.undrawable };
}
