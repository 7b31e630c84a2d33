import type { FlowGraph } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { openingViewport, READABLE_ZOOM, toCanvas, toGraph } from "./graph.ts";

const box = { width: 200, height: 72 };
const node = (id: string, kind: FlowGraph["nodes"][number]["kind"], x = 0, y = 0) => ({ id, kind, x, y, ...box, data: {} });

describe("the canvas of a stored graph", () => {
  it("draws every edge the API's rule allows and names the others (a draft saved before the rule) instead of dropping them silently", () => {
    const graph: FlowGraph = {
      nodes: [node("start", "start"), node("a", "api", 0, 120), node("r", "response", 0, 240)],
      edges: [
        { id: "e1", from: "start", to: "a", anchors: { from: null, to: null }, type: "smooth" },
        { id: "e2", from: "a", to: "r", anchors: { from: "ok", to: null }, type: "ortho" },
        { id: "e3", from: "r", to: "a", anchors: { from: "out", to: null }, type: "smooth" },
        { id: "e4", from: "r", to: "start", anchors: { from: null, to: null }, type: "smooth" },
      ],
    };
    const canvas = toCanvas(graph);
    expect(canvas.edges.map((edge) => [edge.id, edge.sourceHandle, edge.type])).toEqual([
      ["e1", null, "default"],
      ["e2", "ok", "step"],
    ]);
    expect(canvas.undrawable.map((edge) => edge.id)).toEqual(["e3", "e4"]);
    expect(toGraph(canvas.nodes, canvas.edges).edges.map((edge) => edge.id)).toEqual(["e1", "e2"]);
  });
});

describe("the view a flow opens at", () => {
  const size = { width: 900, height: 600 };
  it("shows a small flow whole at its real size, never magnified", () => {
    const view = openingViewport([node("start", "start")], size);
    expect(view.zoom).toBe(1);
    expect(view.x + 100).toBe(450);
  });
  it("shows a large flow at a readable zoom with its start at the top centre", () => {
    const nodes = [
      node("start", "start", 1000, 0),
      ...Array.from({ length: 99 }, (_, i) => node(`r${i}`, "response", (i % 10) * 260, Math.floor(i / 10) * 160 + 160)),
    ];
    const view = openingViewport(nodes, size);
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.x + (1000 + 100) * READABLE_ZOOM).toBe(450);
    expect(view.y).toBe(40);
  });
  it("fits a middle-sized flow whole when it stays readable", () => {
    const nodes = [node("start", "start"), node("far", "response", 800, 400)];
    const view = openingViewport(nodes, size);
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(view.zoom).toBeLessThan(1);
  });
});
