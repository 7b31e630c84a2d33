import type { CustomApiView, FlowGraph, FlowProblem, FlowSummaryView, FlowView, VirtualAgentView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";
import { updateFlow } from "./flows.repo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const box = { width: 160, height: 48 };
const node = (id: string, kind: FlowGraph["nodes"][number]["kind"], data: FlowGraph["nodes"][number]["data"] = {}) => ({ id, kind, x: 0, y: 0, ...box, data });
const edge = (from: string, to: string, anchor: string | null = null) => ({
  id: `${from}-${to}-${anchor ?? ""}`,
  from,
  to,
  anchors: { from: anchor, to: null },
  type: "smooth" as const,
});

/** question → response → success: the smallest publishable flow. */
const simple = (phrase = "захиалга шалгах"): FlowGraph => ({
  nodes: [node("start", "start"), node("q", "question", { phrases: [phrase] }), node("r", "response", { text: "Сайн байна уу" }), node("ok", "success")],
  edges: [edge("start", "q"), edge("q", "r"), edge("r", "ok")],
});

type Admin = Awaited<ReturnType<typeof companyAdmin>>;
async function flowWith(admin: Admin, graph: FlowGraph, title = "Захиалга") {
  const created = await admin.client.post<FlowView>("/api/flows", { title, topics: ["захиалга"] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const saved = await admin.client.put<FlowView>(`/api/flows/${created.body.id}`, { graph });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}
const problemsOf = async (admin: Admin, id: number) => (await admin.client.get<{ problems: FlowProblem[] }>(`/api/flows/${id}/problems`)).body.problems;
const publish = (admin: Admin, id: number) => admin.client.post<FlowView>(`/api/flows/${id}/status`, { status: "published" });

describe("flows", () => {
  it("creates a draft for the primary agent with a start node, keeps the spec's geometry, lists, duplicates and deletes", async () => {
    const admin = await companyAdmin(t);
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const created = await admin.client.post<FlowView>("/api/flows", { title: "Хүргэлт", topics: ["хүргэлт"] });
    expect(created.body).toMatchObject({ title: "Хүргэлт", status: "draft", agent_id: agent?.id, usage_count: 0, accuracy: null, version: null });
    expect(created.body.graph.nodes.map((n) => n.kind)).toEqual(["start"]);
    const graph = simple();
    graph.nodes[1] = { ...node("q", "question", { phrases: ["захиалга"] }), x: 12.5, y: -40, width: 220, height: 90 };
    const saved = await admin.client.put<FlowView>(`/api/flows/${created.body.id}`, { graph });
    expect(saved.body.graph.nodes[1]).toEqual({ id: "q", kind: "question", x: 12.5, y: -40, width: 220, height: 90, data: { phrases: ["захиалга"] } });
    expect(saved.body.graph.edges[0]).toEqual({ id: "start-q-", from: "start", to: "q", anchors: { from: null, to: null }, type: "smooth" });
    const copy = await admin.client.post<FlowView>(`/api/flows/${created.body.id}/duplicate`);
    expect(copy.body).toMatchObject({ title: "Хүргэлт (2)", status: "draft" });
    expect(copy.body.graph).toEqual(saved.body.graph);
    const listed = (await admin.client.get<{ items: FlowSummaryView[] }>("/api/flows")).body.items;
    expect(listed.map((f) => f.id).sort()).toEqual([created.body.id, copy.body.id].sort());
    expect((await admin.client.del(`/api/flows/${copy.body.id}`)).status).toBe(200);
    expect((await admin.client.get(`/api/flows/${copy.body.id}`)).status).toBe(404);
  });

  it("refuses bad input with catalogue codes and changes nothing", async () => {
    const admin = await companyAdmin(t);
    expect(fieldCode(await admin.client.post("/api/flows", { title: "" }), "title")).toBe("required");
    const flow = await flowWith(admin, simple());
    const bad = await admin.client.put(`/api/flows/${flow.id}`, { graph: { nodes: [{ ...node("x", "start"), kind: "teleport" }], edges: [] } });
    expect(bad.status).toBe(400);
    expect((await admin.client.get<FlowView>(`/api/flows/${flow.id}`)).body.graph).toEqual(flow.graph);
  });

  it("refuses every edge the canvas could not draw, naming it, and keeps the draft; draws what the engine follows", async () => {
    const admin = await companyAdmin(t);
    const flow = await flowWith(admin, simple());
    const base = simple();
    const choices = node("b", "button", { text: "Сонго", choices: [{ id: "yes", label: "Тийм" }] });
    const refusals: Array<[string, FlowGraph, string, string]> = [
      ["an edge to a missing node", { ...base, edges: [...base.edges, edge("r", "ghost")] }, "flow_edge_node_missing", "graph.edges.3"],
      ["an exit the node does not have", { ...base, edges: [...base.edges, edge("q", "ok", "out")] }, "flow_edge_exit_unknown", "graph.edges.3"],
      [
        "a named entry",
        { ...base, edges: [...base.edges, { ...edge("q", "ok"), anchors: { from: null, to: "in" } }] },
        "flow_edge_entry_unknown",
        "graph.edges.3",
      ],
      ["an edge into the start", { ...base, edges: [...base.edges, edge("r", "start")] }, "flow_edge_entry_unknown", "graph.edges.3"],
      ["an edge out of an outcome", { ...base, edges: [...base.edges, edge("ok", "r")] }, "flow_edge_exit_unknown", "graph.edges.3"],
      [
        "an unnamed exit of a node with choices",
        { nodes: [...base.nodes, choices], edges: [...base.edges, edge("b", "ok")] },
        "flow_edge_exit_unknown",
        "graph.edges.3",
      ],
      ["a repeated edge id", { ...base, edges: [...base.edges, edge("r", "ok")] }, "flow_id_repeated", "graph.edges.3"],
      ["a repeated node id", { ...base, nodes: [...base.nodes, node("r", "response")] }, "flow_id_repeated", "graph.nodes.4"],
    ];
    for (const [what, graph, code, field] of refusals) {
      const refused = await admin.client.put(`/api/flows/${flow.id}`, { graph });
      expect(refused.status, what).toBe(400);
      expect(errorCode(refused), what).toBe(code);
      expect(fieldCode(refused, field), what).toBe(code);
    }
    expect((await admin.client.get<FlowView>(`/api/flows/${flow.id}`)).body.graph).toEqual(flow.graph);
    // What the canvas draws is stored: a choice's exit, api ok/fail (and its unnamed exit, read as ok), an edge into a question.
    const drawn = await admin.client.put<FlowView>(`/api/flows/${flow.id}`, {
      graph: {
        nodes: [...base.nodes, choices, node("a", "api")],
        edges: [...base.edges, edge("b", "ok", "yes"), edge("a", "ok", "ok"), edge("a", "r", "fail"), edge("a", "q")],
      },
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.graph.edges).toHaveLength(7);
  });

  it("validates before publishing: one start, reachable nodes, no dangling edge, questions with an answer path, choices with edges", async () => {
    const admin = await companyAdmin(t);
    const broken: FlowGraph = {
      nodes: [
        node("s1", "start"),
        node("s2", "start"),
        node("q", "question", { phrases: ["сайн уу"] }),
        node("lonely", "response", { text: "хэн ч хүрэхгүй" }),
        node("b", "button", { text: "Сонго", choices: [{ id: "yes", label: "Тийм" }] }),
        node("q2", "question", { phrases: ["тусламж"] }),
      ],
      edges: [edge("s1", "q"), edge("q", "b")],
    };
    const flow = await flowWith(admin, broken);
    // Saving refuses an edge to a missing node; a draft stored before that rule still reports it.
    await updateFlow(t.database.db, admin.me.company_id, flow.id, { draft: { ...broken, edges: [...broken.edges, edge("b", "ghost")] } });
    const problems = await problemsOf(admin, flow.id);
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: "many_starts", node_id: "s2", edge_id: null },
        { code: "dangling_edge", node_id: null, edge_id: "b-ghost-" },
        { code: "unreachable", node_id: "lonely", edge_id: null },
        { code: "question_without_answer", node_id: "q2", edge_id: null },
        { code: "choice_without_edge", node_id: "b", edge_id: null },
      ]),
    );
    const refused = await publish(admin, flow.id);
    expect(errorCode(refused)).toBe("flow_invalid");
    expect((await admin.client.get<FlowView>(`/api/flows/${flow.id}`)).body.status).toBe("draft");
    const none = await flowWith(admin, { nodes: [node("q", "question", { phrases: ["x"] }), node("r", "response", { text: "y" })], edges: [edge("q", "r")] });
    expect((await problemsOf(admin, none.id)).map((p) => p.code)).toEqual(["no_start"]);
  });

  it("refuses an api node without an endpoint of the company and a cycle through subflows", async () => {
    const admin = await companyAdmin(t);
    const other = await companyAdmin(t);
    const foreign = await other.client.post<CustomApiView>("/api/custom-api", { name: "Гадны", method: "GET", url: "https://example.com/x" });
    const api = await flowWith(admin, {
      nodes: [
        node("start", "start"),
        node("q", "question", { phrases: ["захиалга"] }),
        node("a", "api", { endpoint_id: foreign.body.id }),
        node("ok", "success"),
      ],
      edges: [edge("start", "q"), edge("q", "a"), edge("a", "ok", "ok")],
    });
    expect((await problemsOf(admin, api.id)).map((p) => p.code)).toEqual(["api_missing"]);

    const a = await flowWith(admin, simple(), "A");
    const b = await flowWith(admin, simple(), "B");
    const entering = (target: number): FlowGraph => ({
      nodes: [node("start", "start"), node("q", "question", { phrases: ["дэд"] }), node("sub", "subflow", { flow_id: target }), node("ok", "success")],
      edges: [edge("start", "q"), edge("q", "sub"), edge("sub", "ok")],
    });
    await admin.client.put(`/api/flows/${a.id}`, { graph: entering(b.id) });
    expect((await publish(admin, a.id)).status).toBe(200);
    await admin.client.put(`/api/flows/${b.id}`, { graph: entering(a.id) });
    expect((await problemsOf(admin, b.id)).map((p) => p.code)).toEqual(["subflow_cycle"]);
    expect(errorCode(await publish(admin, b.id))).toBe("flow_invalid");
    await admin.client.put(`/api/flows/${b.id}`, { graph: entering(b.id) });
    expect((await problemsOf(admin, b.id)).map((p) => p.code)).toEqual(["subflow_cycle"]);
  });

  it("publishing makes a new immutable version; edits stay in the draft; off stops it", async () => {
    const admin = await companyAdmin(t);
    const flow = await flowWith(admin, simple());
    expect((await publish(admin, flow.id)).body).toMatchObject({ status: "published", version: 1 });
    await admin.client.put(`/api/flows/${flow.id}`, { graph: simple("шинэ асуулт") });
    const versions = await t.database.pool.query<{ version: number; graph: FlowGraph }>(
      "SELECT version, graph FROM flow_versions WHERE flow_id = $1 ORDER BY version",
      [flow.id],
    );
    expect(versions.rows.map((r) => r.graph.nodes[1]?.data.phrases)).toEqual([["захиалга шалгах"]]);
    expect((await publish(admin, flow.id)).body.version).toBe(2);
    const after = await t.database.pool.query<{ graph: FlowGraph }>("SELECT graph FROM flow_versions WHERE flow_id = $1 ORDER BY version", [flow.id]);
    expect(after.rows.map((r) => r.graph.nodes[1]?.data.phrases)).toEqual([["захиалга шалгах"], ["шинэ асуулт"]]);
    expect((await admin.client.post<FlowView>(`/api/flows/${flow.id}/status`, { status: "off" })).body.status).toBe("off");
  });

  it("only settings.edit changes flows; another company can neither read nor change them", async () => {
    const admin = await companyAdmin(t);
    const flow = await flowWith(admin, simple());
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await agent.client.post("/api/flows", { title: "x" }))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<{ items: FlowSummaryView[] }>("/api/flows")).body.items).toEqual([]);
    expect((await other.client.get(`/api/flows/${flow.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/flows/${flow.id}`, { title: "hack" })).status).toBe(404);
    expect((await other.client.post(`/api/flows/${flow.id}/status`, { status: "published" })).status).toBe(404);
    expect((await other.client.post(`/api/flows/${flow.id}/duplicate`)).status).toBe(404);
    expect((await other.client.post(`/api/flows/${flow.id}/test`, { message: "захиалга шалгах" })).status).toBe(404);
    expect((await other.client.del(`/api/flows/${flow.id}`)).status).toBe(404);
    // Not even as another agent of theirs.
    const [theirs] = (await other.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    expect(fieldCode(await admin.client.post("/api/flows", { title: "x", agent_id: theirs?.id }), "agent_id")).toBe("virtual_agent_not_found");
    expect((await admin.client.get<FlowView>(`/api/flows/${flow.id}`)).body.title).toBe("Захиалга");
  });

  it("the test chat runs the draft without publishing or counting it", async () => {
    const admin = await companyAdmin(t);
    const graph: FlowGraph = {
      nodes: [
        node("start", "start"),
        node("q", "question", { phrases: ["захиалга шалгах"] }),
        node("b", "button", {
          text: "Хүргэлт үү, буцаалт уу?",
          choices: [
            { id: "d", label: "Хүргэлт" },
            { id: "r", label: "Буцаалт" },
          ],
        }),
        node("ok", "success", { text: "Хүргэлт маргааш." }),
        node("no", "fail", { text: "Хүнд шилжүүлье." }),
      ],
      edges: [edge("start", "q"), edge("q", "b"), edge("b", "ok", "d"), edge("b", "no", "r")],
    };
    const flow = await flowWith(admin, graph);
    const first = await admin.client.post<{ replies: Array<{ text: string; choices: string[] }>; outcome: string; state: unknown }>(
      `/api/flows/${flow.id}/test`,
      {
        message: "zahialga shalgah",
      },
    );
    expect(first.body).toMatchObject({ outcome: "waiting", replies: [{ text: "Хүргэлт үү, буцаалт уу?", choices: ["Хүргэлт", "Буцаалт"] }] });
    const second = await admin.client.post<{ replies: Array<{ text: string }>; outcome: string }>(`/api/flows/${flow.id}/test`, {
      message: "hurgelt",
      state: first.body.state,
    });
    expect(second.body).toMatchObject({ outcome: "success", replies: [{ text: "Хүргэлт маргааш." }] });
    const after = (await admin.client.get<FlowView>(`/api/flows/${flow.id}`)).body;
    expect(after).toMatchObject({ status: "draft", usage_count: 0 });
  });
});
