import http from "node:http";
import type { AddressInfo } from "node:net";
import type {
  CustomApiView,
  FlowGraph,
  FlowSummaryView,
  FlowView,
  InteractionEventView,
  InteractionView,
  IssueView,
  MessageView,
  VirtualAgentView,
  WebchatChannelView,
} from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { visitor, webchatCompany, webchatInput } from "../../../test/factories.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { until } from "../../../test/sockets.ts";

/** A local test API: orders by number, and the ways an endpoint goes wrong. */
let api: http.Server;
let apiUrl = "";
const calls: Array<{ method: string; url: string; body: string; auth: string | undefined }> = [];
let t: TestApp;
beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      calls.push({ method: req.method ?? "", url: req.url ?? "", body, auth: req.headers.authorization });
      if (req.url?.startsWith("/orders/")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ order: { id: req.url.slice(8), status: "замдаа яваа" } }));
      } else if (req.url === "/boom") {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: "down" }));
      } else if (req.url === "/html") {
        res.setHeader("content-type", "text/html");
        res.end("<html><body>hello</body></html>");
      } else if (req.url === "/huge") {
        res.setHeader("content-type", "application/json");
        res.end(`{"x":"${"a".repeat(2 * 1024 * 1024)}"}`);
      } else res.end("{}");
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

const box = { x: 0, y: 0, width: 160, height: 48 };
const node = (id: string, kind: FlowGraph["nodes"][number]["kind"], data: FlowGraph["nodes"][number]["data"] = {}) => ({ id, kind, ...box, data });
const edge = (from: string, to: string, anchor: string | null = null) => ({
  id: `${from}-${to}-${anchor ?? ""}`,
  from,
  to,
  anchors: { from: anchor, to: null },
  type: "smooth" as const,
});

/** question → api → response with buttons → success / fail; the api's fail path says so. */
const orderFlow = (endpointId: number, phrase = "захиалга хаана явна"): FlowGraph => ({
  nodes: [
    node("start", "start"),
    node("q", "question", { phrases: [phrase, "захиалгын төлөв"] }),
    node("a", "api", { endpoint_id: endpointId }),
    node("r", "response", {
      text: "Таны захиалга {{order.status}} байна. Хүлээж авсан уу?",
      choices: [
        { id: "yes", label: "Тийм" },
        { id: "no", label: "Үгүй" },
      ],
    }),
    node("ok", "success", { text: "Баярлалаа!" }),
    node("bad", "fail", { text: "Уучлаарай, ажилтанд шилжүүлье." }),
    node("down", "fail", { text: "Систем түр ажиллахгүй байна." }),
  ],
  edges: [edge("start", "q"), edge("q", "a"), edge("a", "r", "ok"), edge("a", "down", "fail"), edge("r", "ok", "yes"), edge("r", "bad", "no")],
});

async function servedCompany() {
  const company = await webchatCompany(t);
  await company.client.put("/api/me/presence", { presence: "away" });
  const [agent] = (await company.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
  await company.client.put<WebchatChannelView>(`/api/webchat-channels/${company.channel.id}`, {
    ...webchatInput(company.domain),
    agent_id: agent?.id,
    agent_active: true,
  });
  await company.client.post("/api/knowledge/qa", {
    question: "Та ямар цагаар ажилладаг вэ?",
    variants: ["Ажлын цаг"],
    answer: "Даваа-Баасан 09:00-18:00 ажиллана.",
  });
  return company;
}
type Company = Awaited<ReturnType<typeof servedCompany>>;

async function endpoint(company: Company, path: string, extra: Record<string, unknown> = {}) {
  const created = await company.client.post<CustomApiView>("/api/custom-api", {
    name: "Захиалга",
    method: "GET",
    url: `${apiUrl}${path}`,
    mapping: { "order.status": "order.status" },
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

async function published(company: Company, graph: FlowGraph) {
  const flow = await company.client.post<FlowView>("/api/flows", { title: "Захиалгын төлөв", topics: ["захиалга"] });
  await company.client.put(`/api/flows/${flow.body.id}`, { graph });
  const done = await company.client.post<FlowView>(`/api/flows/${flow.body.id}/status`, { status: "published" });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

type Visitor = Awaited<ReturnType<typeof visitor>>;
const messagesOf = (events: InteractionEventView[]) => events.filter((e) => e.type === "message.created").map((e) => e.payload.message as MessageView);

/** Sends as the visitor and waits until the agent has said `count` messages after it. */
async function say(v: Visitor, text: string, count = 1) {
  const sent = await v.send(text);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  let replies: MessageView[] = [];
  await until(async () => {
    replies = messagesOf((await v.events(sent.body.interaction_id, sent.body.seq)).body.items).filter((m) => m.direction === "out");
    return replies.length >= count;
  });
  return { interactionId: sent.body.interaction_id, replies };
}
const flowOf = async (company: Company, id: number) => (await company.client.get<FlowSummaryView>(`/api/flows/${id}`)).body;

describe("the flow runtime in the agent's turn", () => {
  it("a Latin-typed question starts the flow, the api's data is answered, a tapped button ends it in success; each step is an event", async () => {
    const company = await servedCompany();
    const orders = await endpoint(company, "/orders/{{order_id}}", { headers: [{ name: "Authorization", value: "Bearer s3cret", secret: true }] });
    // An edit that sends the secret as null keeps the sealed value.
    await company.client.put(`/api/custom-api/${orders.id}`, {
      name: "Захиалга",
      method: "GET",
      url: `${apiUrl}/orders/1001`,
      mapping: { "order.status": "order.status" },
      headers: [{ name: "Authorization", value: null, secret: true }],
    });
    const flow = await published(company, orderFlow(orders.id));
    const v = await visitor(t, company.channel);
    const first = await say(v, "zahialga haana yavna");
    expect(first.replies[0]?.text).toBe("Таны захиалга замдаа яваа байна. Хүлээж авсан уу?\n1. Тийм\n2. Үгүй");
    expect(first.replies[0]).toMatchObject({ is_bot: true, sender_type: "ai" });
    expect(calls.at(-1)).toMatchObject({ method: "GET", url: "/orders/1001", auth: "Bearer s3cret" });
    const second = await say(v, "tiim");
    expect(second.replies[0]?.text).toBe("Баярлалаа!");
    const figures = await flowOf(company, flow.id);
    expect(figures).toMatchObject({ usage_count: 1, success_count: 1, fail_count: 0, accuracy: 1 });
    const events = (await company.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${first.interactionId}/events?after=0`)).body.items;
    const steps = events.filter((e) => e.type === "flow.step").map((e) => `${String(e.payload.node_id)}:${String(e.payload.result ?? "")}`);
    expect(steps).toEqual(["q:matched", "a:ok", "r:", "r:yes", "ok:"]);
    // The customer never sees the steps.
    expect((await v.events(first.interactionId, 0)).body.items.some((e) => e.type === "flow.step")).toBe(false);
    const interaction = (await company.client.get<InteractionView>(`/api/interactions/${first.interactionId}`)).body;
    expect(interaction.owner_type).toBe("ai");
  });

  it("without a match the knowledge answers; a reply that picks no choice goes to the knowledge and the flow keeps waiting", async () => {
    const company = await servedCompany();
    const orders = await endpoint(company, "/orders/7");
    await published(company, orderFlow(orders.id));
    const v = await visitor(t, company.channel);
    expect((await say(v, "ажлын цаг")).replies[0]?.text).toBe("Даваа-Баасан 09:00-18:00 ажиллана.");
    const started = await say(v, "захиалгын төлөв");
    expect(started.replies[0]?.text).toContain("замдаа яваа");
    expect((await say(v, "Та ямар цагаар ажилладаг вэ")).replies[0]?.text).toBe("Даваа-Баасан 09:00-18:00 ажиллана.");
    expect((await say(v, "2")).replies[0]?.text).toBe("Уучлаарай, ажилтанд шилжүүлье.");
  });

  it('a response card\'s "create an issue" opens an unassigned issue for the conversation and the agent keeps it', async () => {
    const company = await servedCompany();
    const flow = await published(company, {
      nodes: [
        node("start", "start"),
        node("q", "question", { phrases: ["бараа эвдэрсэн ирлээ"] }),
        node("r", "response", { text: "Гомдлыг тань бүртгэлээ, бид холбогдоно.", action: "create_issue" }),
        node("ok", "success"),
      ],
      edges: [edge("start", "q"), edge("q", "r"), edge("r", "ok")],
    });
    const v = await visitor(t, company.channel);
    const reply = await say(v, "baraa evderssen irlee");
    expect(reply.replies[0]?.text).toBe("Гомдлыг тань бүртгэлээ, бид холбогдоно.");
    const issues = (await company.client.get<{ items: IssueView[]; total: number }>("/api/issues")).body;
    expect(issues.total).toBe(1);
    expect(issues.items[0]).toMatchObject({
      name: flow.title,
      description: "baraa evderssen irlee",
      status: "open",
      interaction_id: reply.interactionId,
      channel: { id: company.channel.id },
    });
    // Creating an issue is not a hand-over: the agent still owns the conversation.
    const interaction = (await company.client.get<InteractionView>(`/api/interactions/${reply.interactionId}`)).body;
    expect(interaction.owner_type).toBe("ai");
    // Another company sees none of it.
    const other = await webchatCompany(t);
    expect((await other.client.get<{ total: number }>("/api/issues")).body.total).toBe(0);
  });

  it("a failing endpoint (500, HTML, too large, a missing variable) takes the fail path and never crashes", async () => {
    const company = await servedCompany();
    for (const path of ["/boom", "/html", "/huge", "/orders/{{missing}}"]) {
      const broken = await endpoint(company, path);
      const flow = await published(company, orderFlow(broken.id, `төлөв ${path.replace(/\W/g, "")} шалгах`));
      const v = await visitor(t, company.channel);
      const reply = await say(v, `төлөв ${path.replace(/\W/g, "")} шалгах`);
      expect(reply.replies[0]?.text, path).toBe("Систем түр ажиллахгүй байна.");
      expect(await flowOf(company, flow.id), path).toMatchObject({ usage_count: 1, fail_count: 1 });
      await company.client.post(`/api/flows/${flow.id}/status`, { status: "off" });
    }
  });

  it("a running conversation finishes on its version after a new publish; a wait times out as failed; rephrasing counts against accuracy", async () => {
    const company = await servedCompany();
    const orders = await endpoint(company, "/orders/5");
    const flow = await published(company, orderFlow(orders.id));
    const v = await visitor(t, company.channel);
    await say(v, "захиалга хаана явна");
    const changed = orderFlow(orders.id);
    changed.nodes = changed.nodes.map((n) => (n.id === "ok" ? { ...n, data: { text: "Шинэ хувилбар" } } : n));
    await company.client.put(`/api/flows/${flow.id}`, { graph: changed });
    await company.client.post(`/api/flows/${flow.id}/status`, { status: "published" });
    expect((await say(v, "1")).replies[0]?.text).toBe("Баярлалаа!");

    const w = await visitor(t, company.channel);
    const waiting = await say(w, "захиалга хаана явна");
    // Rephrased: the first match was not the right one.
    await say(w, "захиалгын төлөв");
    await makeWaitingJobsDue(t);
    await until(async () => {
      const { rows } = await t.database.pool.query<{ status: string }>("SELECT status FROM flow_runs WHERE interaction_id = $1 ORDER BY id", [
        waiting.interactionId,
      ]);
      return rows.map((r) => r.status).join() === "replaced,timeout";
    });
    const figures = await flowOf(company, flow.id);
    expect(figures).toMatchObject({ usage_count: 3, success_count: 1, fail_count: 1 });
    expect(figures.accuracy).toBeCloseTo(0.5);
    // Timed out: the choice no longer continues the flow, the knowledge takes it.
    const late = await say(w, "1");
    expect(late.replies[0]?.text).not.toBe("Баярлалаа!");
  });
});
