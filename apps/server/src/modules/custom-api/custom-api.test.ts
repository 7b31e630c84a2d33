import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CustomApiTestView, CustomApiView, FlowView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";

let t: TestApp;
let api: http.Server;
let apiUrl = "";
const received: Array<{ method: string; body: string; token: string | undefined; type: string | undefined }> = [];
beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ method: req.method ?? "", body, token: req.headers["x-api-key"] as string | undefined, type: req.headers["content-type"] });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: { order: { status: "хүргэгдсэн", total: 45000 }, items: [{ name: "Ном" }] } }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  t = await startTestApp({ CUSTOM_API_PRIVATE_ADDRESSES: "127.0.0.1" });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => api.close(resolve));
});

const input = (extra: Record<string, unknown> = {}) => ({
  name: "Захиалгын төлөв",
  method: "POST",
  url: `${apiUrl}/orders`,
  headers: [
    { name: "X-Api-Key", value: "top-secret-key", secret: true },
    { name: "X-Shop", value: "nomin", secret: false },
  ],
  body_template: '{"id": "{{order_id}}"}',
  timeout_ms: 3000,
  expected_status: 200,
  ...extra,
});

describe("custom API endpoints", () => {
  it("stores secret header values sealed and never shows them again; an edit with null keeps them", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<CustomApiView>("/api/custom-api", input());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.headers).toEqual([
      { name: "X-Api-Key", value: null, secret: true },
      { name: "X-Shop", value: "nomin", secret: false },
    ]);
    expect(JSON.stringify((await admin.client.get(`/api/custom-api/${created.body.id}`)).body)).not.toContain("top-secret-key");
    const { rows } = await t.database.pool.query<{ headers: unknown; secrets: Buffer }>("SELECT headers, secrets FROM custom_api_endpoints WHERE id = $1", [
      created.body.id,
    ]);
    expect(JSON.stringify(rows[0]?.headers)).not.toContain("top-secret-key");
    expect(rows[0]?.secrets.toString("latin1")).not.toContain("top-secret-key");
    await admin.client.put(`/api/custom-api/${created.body.id}`, input({ headers: [{ name: "X-Api-Key", value: null, secret: true }] }));
    const tested = await admin.client.post<CustomApiTestView>(`/api/custom-api/${created.body.id}/test`, { variables: { order_id: "A-17" } });
    expect(tested.body).toMatchObject({ ok: true, status: 200, error: null });
    expect(received.at(-1)).toEqual({ method: "POST", body: '{"id": "A-17"}', token: "top-secret-key", type: "application/json" });
  });

  it("a test call shows the response's fields to pick, and the picked mapping fills variables", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<CustomApiView>("/api/custom-api", input({ mapping: { "order.status": "data.order.status" } }));
    const tested = await admin.client.post<CustomApiTestView>(`/api/custom-api/${created.body.id}/test`, { variables: { order_id: "1" } });
    expect(tested.body.fields).toEqual([
      { path: "data.order.status", value: "хүргэгдсэн" },
      { path: "data.order.total", value: "45000" },
      { path: "data.items.0.name", value: "Ном" },
    ]);
    expect(tested.body.mapped).toEqual({ "order.status": "хүргэгдсэн" });
    const missing = await admin.client.post<CustomApiTestView>(`/api/custom-api/${created.body.id}/test`, { variables: {} });
    expect(missing.body).toMatchObject({ ok: false, error: "custom_api_variable_missing" });
  });

  it("the dialog's test of what is typed stores nothing, refused or not, and uses a saved endpoint's kept secret", async () => {
    const admin = await companyAdmin(t);
    const refused = await admin.client.post<CustomApiTestView>("/api/custom-api/test", {
      endpoint: input({ url: "http://10.0.0.1/admin" }),
      variables: { order_id: "1" },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, error: "url_blocked" });
    const answered = await admin.client.post<CustomApiTestView>("/api/custom-api/test", { endpoint: input(), variables: { order_id: "B-2" } });
    expect(answered.body).toMatchObject({ ok: true, status: 200, error: null });
    expect(received.at(-1)).toMatchObject({ body: '{"id": "B-2"}', token: "top-secret-key" });
    expect((await admin.client.get<{ items: CustomApiView[] }>("/api/custom-api")).body.items).toEqual([]);
    expect(fieldCode(await admin.client.post("/api/custom-api/test", { endpoint: input({ url: "ftp://x.mn/" }), variables: {} }), "url")).toBe("url_invalid");

    const saved = await admin.client.post<CustomApiView>("/api/custom-api", input());
    const kept = {
      endpoint: input({ headers: [{ name: "X-Api-Key", value: null, secret: true }], timeout_ms: 4000 }),
      id: saved.body.id,
      variables: { order_id: "C-3" },
    };
    expect((await admin.client.post<CustomApiTestView>("/api/custom-api/test", kept)).body.ok).toBe(true);
    expect(received.at(-1)?.token).toBe("top-secret-key");
    expect((await admin.client.get<CustomApiView>(`/api/custom-api/${saved.body.id}`)).body.timeout_ms).toBe(3000);
    const other = await companyAdmin(t);
    expect(errorCode(await other.client.post("/api/custom-api/test", kept))).toBe("custom_api_not_found");
  });

  it("refuses private addresses the installation did not allow, and bad input", async () => {
    const admin = await companyAdmin(t);
    const internal = await admin.client.post<CustomApiView>("/api/custom-api", input({ url: "http://10.0.0.1/admin" }));
    const tested = await admin.client.post<CustomApiTestView>(`/api/custom-api/${internal.body.id}/test`, { variables: { order_id: "1" } });
    expect(tested.body).toMatchObject({ ok: false, error: "url_blocked" });
    expect(fieldCode(await admin.client.post("/api/custom-api", input({ url: "ftp://x.mn/" })), "url")).toBe("url_invalid");
    expect((await admin.client.post("/api/custom-api", input({ method: "TRACE" }))).status).toBe(400);
    expect((await admin.client.post("/api/custom-api", input({ headers: [{ name: "X-Key", value: null, secret: true }] }))).status).toBe(400);
  });

  it("refuses deleting an endpoint the published version of a flow calls, even when the draft no longer does", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<CustomApiView>("/api/custom-api", input());
    const flow = await admin.client.post<FlowView>("/api/flows", { title: "Захиалга" });
    const at = { x: 0, y: 0, width: 160, height: 48 };
    const edge = (from: string, to: string, anchor: string | null = null) => ({
      id: `${from}-${to}`,
      from,
      to,
      anchors: { from: anchor, to: null },
      type: "smooth",
    });
    const graph = {
      nodes: [
        { id: "start", kind: "start", ...at, data: {} },
        { id: "q", kind: "question", ...at, data: { phrases: ["захиалга хаана явна"] } },
        { id: "a", kind: "api", ...at, data: { endpoint_id: created.body.id } },
        { id: "ok", kind: "success", ...at, data: { text: "Олдлоо" } },
        { id: "bad", kind: "fail", ...at, data: { text: "Олдсонгүй" } },
      ],
      edges: [edge("start", "q"), edge("q", "a"), edge("a", "ok", "ok"), edge("a", "bad", "fail")],
    };
    await admin.client.put(`/api/flows/${flow.body.id}`, { graph });
    const published = await admin.client.post(`/api/flows/${flow.body.id}/status`, { status: "published" });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // The draft drops the api node; customers still run the published version, which calls the endpoint.
    const draft = { nodes: graph.nodes.filter((n) => n.id !== "a" && n.id !== "bad"), edges: [edge("start", "q"), edge("q", "ok")] };
    expect((await admin.client.put(`/api/flows/${flow.body.id}`, { graph: draft })).status).toBe(200);
    expect(errorCode(await admin.client.del(`/api/custom-api/${created.body.id}`))).toBe("custom_api_in_use");
    // Published again without it, the endpoint is free.
    expect((await admin.client.post(`/api/flows/${flow.body.id}/status`, { status: "published" })).status).toBe(200);
    expect((await admin.client.del(`/api/custom-api/${created.body.id}`)).status).toBe(200);
  });

  it("switches status, refuses deleting an endpoint a flow uses, and keeps other companies out", async () => {
    const admin = await companyAdmin(t);
    const created = await admin.client.post<CustomApiView>("/api/custom-api", input());
    expect((await admin.client.post<CustomApiView>(`/api/custom-api/${created.body.id}/status`, { status: "inactive" })).body.status).toBe("inactive");
    const flow = await admin.client.post<FlowView>("/api/flows", { title: "API" });
    await admin.client.put(`/api/flows/${flow.body.id}`, {
      graph: { nodes: [{ id: "a", kind: "api", x: 0, y: 0, width: 1, height: 1, data: { endpoint_id: created.body.id } }], edges: [] },
    });
    expect(errorCode(await admin.client.del(`/api/custom-api/${created.body.id}`))).toBe("custom_api_in_use");
    const agent = await colleague(t, admin.client, "agent");
    expect(errorCode(await agent.client.post("/api/custom-api", input()))).toBe("forbidden");
    const other = await companyAdmin(t);
    expect((await other.client.get<{ items: CustomApiView[] }>("/api/custom-api")).body.items).toEqual([]);
    expect((await other.client.get(`/api/custom-api/${created.body.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/custom-api/${created.body.id}`, input())).status).toBe(404);
    expect((await other.client.post(`/api/custom-api/${created.body.id}/test`, { variables: {} })).status).toBe(404);
    expect((await other.client.post(`/api/custom-api/${created.body.id}/status`, { status: "active" })).status).toBe(404);
    expect((await other.client.del(`/api/custom-api/${created.body.id}`)).status).toBe(404);
    await admin.client.del(`/api/flows/${flow.body.id}`);
    expect((await admin.client.del(`/api/custom-api/${created.body.id}`)).status).toBe(200);
  });
});
