import type { FlowGraph } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { FlowEngine, fillTemplate, pickChoice } from "./flow-engine.ts";

const box = { x: 0, y: 0, width: 1, height: 1 };
const node = (id: string, kind: FlowGraph["nodes"][number]["kind"], data: FlowGraph["nodes"][number]["data"] = {}) => ({ id, kind, ...box, data });
const edge = (from: string, to: string, anchor: string | null = null) => ({
  id: `${from}-${to}`,
  from,
  to,
  anchors: { from: anchor, to: null },
  type: "smooth" as const,
});

/** Version n is the graph graphs[n]; flow n's published version is n. */
const engineOver = (graphs: Record<number, FlowGraph>, api: (id: number) => boolean = () => true) =>
  new FlowEngine({
    graph: async (versionId) => graphs[versionId] ?? null,
    published: async (flowId) => (graphs[flowId] ? { versionId: flowId } : null),
    callApi: async (endpointId) => (api(endpointId) ? { ok: true, variables: { "order.status": "бэлэн" } } : { ok: false, reason: "custom_api_call_failed" }),
  });
const said = (effects: Array<{ kind: string; text?: string }>) => effects.flatMap((e) => (e.kind === "say" ? [e.text] : []));

describe("the flow engine", () => {
  it("enters a subflow at its start and comes back to the caller's ok or fail exit", async () => {
    const caller: FlowGraph = {
      nodes: [
        node("q", "question", { phrases: ["x"] }),
        node("sub", "subflow", { flow_id: 2 }),
        node("after", "success", { text: "буцаж ирлээ" }),
        node("bad", "fail", { text: "дэд урсгал бүтсэнгүй" }),
      ],
      edges: [edge("q", "sub"), edge("sub", "after", "ok"), edge("sub", "bad", "fail")],
    };
    const inner = (ends: "success" | "fail"): FlowGraph => ({
      nodes: [node("start", "start"), node("hello", "response", { text: "дотор" }), node("end", ends)],
      edges: [edge("start", "hello"), edge("hello", "end")],
    });
    const ok = await engineOver({ 1: caller, 2: inner("success") }).enter(1, 1, "q");
    expect(said(ok.effects)).toEqual(["дотор", "буцаж ирлээ"]);
    expect(ok.state).toMatchObject({ status: "success", currentFlowId: 1, stack: [] });
    const failed = await engineOver({ 1: caller, 2: inner("fail") }).enter(1, 1, "q");
    expect(said(failed.effects)).toEqual(["дотор", "дэд урсгал бүтсэнгүй"]);
    expect(failed.state.status).toBe("fail");
  });

  it("waits inside a subflow and continues there with the reply, keeping the caller on its stack", async () => {
    const caller: FlowGraph = {
      nodes: [node("q", "question", { phrases: ["x"] }), node("sub", "subflow", { flow_id: 2 }), node("after", "success", { text: "дууслаа" })],
      edges: [edge("q", "sub"), edge("sub", "after")],
    };
    const inner: FlowGraph = {
      nodes: [node("start", "start"), node("ask", "button", { text: "Сонго", choices: [{ id: "a", label: "Тийм" }] }), node("end", "success")],
      edges: [edge("start", "ask"), edge("ask", "end", "a")],
    };
    const engine = engineOver({ 1: caller, 2: inner });
    const waiting = await engine.enter(1, 1, "q");
    expect(waiting.state).toMatchObject({ status: "waiting", currentFlowId: 2, nodeId: "ask", stack: [{ flowId: 1, versionId: 1, returnTo: "sub" }] });
    const done = await engine.reply(waiting.state, "tiim");
    expect(said(done?.effects ?? [])).toEqual(["дууслаа"]);
    expect(done?.state.status).toBe("success");
  });

  it("bounds subflows entering themselves, and loops without a wait", async () => {
    const self: FlowGraph = {
      nodes: [
        node("start", "start"),
        node("q", "question", { phrases: ["x"] }),
        node("sub", "subflow", { flow_id: 1 }),
        node("bad", "fail", { text: "хэт гүн" }),
      ],
      edges: [edge("start", "sub"), edge("q", "sub"), edge("sub", "bad", "fail")],
    };
    const deep = await engineOver({ 1: self }).enter(1, 1, "q");
    expect(deep.effects.filter((e) => e.kind === "step" && e.nodeKind === "subflow" && e.result === "enter")).toHaveLength(LIMITS.flowSubflowDepthMax);
    expect(deep.state.status).toBe("fail");
    const loop: FlowGraph = {
      nodes: [node("q", "question", { phrases: ["x"] }), node("a", "response", { text: "a" }), node("b", "response", { text: "b" })],
      edges: [edge("q", "a"), edge("a", "b"), edge("b", "a")],
    };
    expect((await engineOver({ 1: loop }).enter(1, 1, "q")).state.status).toBe("fail");
  });

  it("an api failure leaves by fail (or fails the run without a fail edge); its variables fill later texts", async () => {
    const graph: FlowGraph = {
      nodes: [
        node("q", "question", { phrases: ["x"] }),
        node("a", "api", { endpoint_id: 9 }),
        node("r", "success", { text: "Төлөв: {{order.status}}{{nothing}}" }),
      ],
      edges: [edge("q", "a"), edge("a", "r", "ok")],
    };
    expect(said((await engineOver({ 1: graph }).enter(1, 1, "q")).effects)).toEqual(["Төлөв: бэлэн"]);
    const failed = await engineOver({ 1: graph }, () => false).enter(1, 1, "q");
    expect(failed.state.status).toBe("fail");
    expect(said(failed.effects)).toEqual([]);
  });

  it("picks a choice by number or by label, Cyrillic or Latin-typed; fills templates", () => {
    const choices = [
      { id: "d", label: "Хүргэлт" },
      { id: "r", label: "Буцаалт" },
    ];
    expect(pickChoice(choices, "2")?.id).toBe("r");
    expect(pickChoice(choices, "хүргэлт")?.id).toBe("d");
    expect(pickChoice(choices, "butsaalt")?.id).toBe("r");
    expect(pickChoice(choices, "3")).toBeNull();
    expect(pickChoice(choices, "юу ч биш")).toBeNull();
    expect(fillTemplate("{{ a.b }}-{{c}}", { "a.b": "1" })).toBe("1-");
  });
});
