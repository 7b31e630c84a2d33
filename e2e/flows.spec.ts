import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { fakeWav } from "../apps/server/test/fake-ari/wav.ts";
import { csrfHeaders, newCompany, shot, shotPath } from "./support.ts";

/** The shop's order API, on this machine (the installation allows 127.0.0.1 for custom API calls). */
async function orderApi() {
  const server = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ order: { id: req.url?.split("/").pop(), status: "замдаа яваа" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Drags from a node's source handle (the nth) to another node's target handle. */
/** Drags from a node's source handle to another's target handle until the canvas shows `edges` edges: right
 * after an auto-layout the nodes may still be moving, and a drag that starts on a moving handle misses. */
async function connect(page: Page, from: Locator, to: Locator, nth: number, edges: number) {
  const drawn = page.locator(".react-flow__edge");
  for (let attempt = 0; attempt < 5 && (await drawn.count()) < edges; attempt++) {
    const source = await from.locator(".react-flow__handle.source").nth(nth).boundingBox();
    const target = await to.locator(".react-flow__handle.target").boundingBox();
    if (source && target) {
      await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
      await page.mouse.down();
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
      await page.mouse.up();
    }
    await expect(drawn)
      .toHaveCount(edges, { timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(drawn).toHaveCount(edges);
}

test("a flow built on the canvas answers a Latin-typed web-chat question with the order API's data, and a tapped button ends it in success", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await orderApi();
  const suffix = Date.now().toString(36);
  // The laptop's 1366 px: the canvas takes the settings menu's width, and the test chat opens beside it when asked.
  const context = await browser.newContext();
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Flow", last: "Admin", email: `flow-${suffix}@shop.mn`, company: `Flow ${suffix}`, agent: "Дэлгүүрийн туслах" });
  await request.put("/api/me/presence", { headers: await csrfHeaders(request), data: { presence: "away" } });
  const agents = (await (await request.get("/api/company/virtual-agents")).json()) as { items: Array<{ id: number }> };
  const channel = (await (
    await request.post("/api/webchat-channels", {
      headers: await csrfHeaders(request),
      data: {
        name: "Site chat",
        description: "Our site",
        domain: `flow-${suffix}.mn`,
        name_mn: "Дэлгүүрийн туслах",
        name_en: "Shop helper",
        greeting_mn: "Сайн байна уу!",
        greeting_en: "Hello!",
      },
    })
  ).json()) as { id: number; public_key: string };
  await request.put(`/api/webchat-channels/${channel.id}`, {
    headers: await csrfHeaders(request),
    data: {
      name: "Site chat",
      description: "Our site",
      domain: `flow-${suffix}.mn`,
      name_mn: "Дэлгүүрийн туслах",
      name_en: "Shop helper",
      greeting_mn: "Сайн байна уу!",
      greeting_en: "Hello!",
      agent_id: agents.items[0]?.id,
      agent_active: true,
    },
  });

  // Custom API: the endpoint, a test call, and the status field picked as {{order.status}}.
  await admin.goto("/settings/custom_api");
  await admin.getByTestId("add-custom-api").click();
  await admin.getByTestId("api-name").fill("Захиалгын төлөв");
  await admin.getByTestId("api-url").fill(`${api.url}/orders/1001`);
  await admin.getByTestId("api-test").click();
  await expect(admin.getByTestId("api-test-result")).toContainText("Амжилттай (200)");
  await admin.getByTestId("api-field-order.status").check();
  await shot(admin, "60-custom-api-test-call");
  await admin.getByTestId("api-save").click();
  await expect(admin.getByText("{{order.status}}")).toBeVisible();

  // The flow: question → api → response with a button → success, built on the canvas.
  await admin.goto("/settings/flow");
  await admin.getByTestId("add-flow").click();
  await admin.getByTestId("flow-title").fill("Захиалга шалгах");
  await admin.getByRole("dialog").getByRole("button", { name: "Урсгал үүсгэх" }).click();
  await expect(admin.getByTestId("flow-canvas")).toBeVisible();
  const drawer = admin.getByRole("dialog");
  const done = () => admin.getByTestId("node-done").click();

  await admin.getByTestId("palette-question").click();
  await drawer.getByTestId("node-phrases").fill("захиалга хаана явна\nзахиалгын төлөв");
  await done();
  await admin.getByTestId("palette-api").click();
  await drawer.getByTestId("node-endpoint").click();
  await admin.getByRole("option", { name: /Захиалгын төлөв/ }).click();
  await done();
  await admin.getByTestId("palette-response").click();
  await drawer.getByTestId("node-text").fill("Таны захиалга {{order.status}} байна. Хүлээж авсан уу?");
  await drawer.getByTestId("node-add-choice").click();
  await drawer.getByTestId("node-choice-0").fill("Тийм");
  await done();
  await admin.getByTestId("palette-success").click();
  await drawer.getByTestId("node-text").fill("Баярлалаа! Сайхан өдөр өнгөрүүлээрэй.");
  await done();
  await admin.getByTestId("flow-arrange").click();

  const node = (kind: string) => admin.getByTestId("flow-canvas").getByTestId(`canvas-node-${kind}`);
  await connect(admin, node("question"), node("api"), 0, 1);
  await connect(admin, node("api"), node("response"), 0, 2);
  await shot(admin, "60b-flow-canvas-connecting");
  await connect(admin, node("response"), node("success"), 0, 3);
  await admin.getByTestId("flow-arrange").click();
  await admin.getByTestId("flow-publish").click();
  await expect(admin.getByTestId("flow-status")).toContainText("Нийтэлсэн");
  await shot(admin, "61-flow-canvas-published");

  // The visitor writes in Latin-typed Mongolian, gets the API's data, and taps the button.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/test?key=${channel.public_key}`);
  await visitor.getByRole("button", { name: "Chat" }).click();
  const chat = visitor.frameLocator("iframe[title]");
  const say = async (text: string) => {
    await chat.getByRole("textbox").fill(text);
    await chat.getByRole("textbox").press("Enter");
  };
  await say("zahialga haana yavna");
  await expect(chat.getByText(/Таны захиалга замдаа яваа байна/)).toBeVisible();
  // The choices are buttons under the agent's message (not numbered lines); a tap answers with the number.
  await expect(chat.getByText(/^1\. Тийм$/m)).toHaveCount(0);
  await visitor.screenshot({ path: shotPath("62a-widget-flow-choices") });
  await chat.getByRole("button", { name: "Тийм", exact: true }).click();
  await expect(chat.getByText("Баярлалаа! Сайхан өдөр өнгөрүүлээрэй.")).toBeVisible();
  await visitor.screenshot({ path: shotPath("62-widget-flow") });

  await admin.goto("/settings/flow");
  await expect(admin.getByTestId("flows-table").getByTestId("flow-usage").first()).toContainText("1");
  await expect(admin.getByTestId("flows-table")).toContainText("100%");
  await shot(admin, "63-flows-list");
  await visitorContext.close();
  await context.close();
  await new Promise((resolve) => api.server.close(resolve));
});

test("a call operator's flow: a digit menu with a recorded prompt that transfers key 1 to an extension, built and published on the canvas", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Call", last: "Admin", email: `operator-${suffix}@shop.mn`, company: `Operator ${suffix}`, agent: "Оператор" });
  const agents = (await (await request.get("/api/company/virtual-agents")).json()) as { items: Array<{ id: number }> };
  const made = await request.put(`/api/virtual-agents/${agents.items[0]?.id}`, {
    headers: await csrfHeaders(request),
    data: { name: "Оператор", agent_type: "call_operator", channels: [], folder_ids: [] },
  });
  expect(made.ok()).toBe(true);

  await admin.goto("/settings/flow");
  await admin.getByTestId("add-flow").click();
  await admin.getByTestId("flow-title").fill("Дуут цэс");
  await admin.getByRole("dialog").getByRole("button", { name: "Урсгал үүсгэх" }).click();
  await expect(admin.getByTestId("flow-canvas")).toBeVisible();
  // Callers neither type questions nor enter subflows: those kinds are not offered.
  await expect(admin.getByTestId("palette-question")).toHaveCount(0);
  const drawer = admin.getByRole("dialog");
  const done = () => admin.getByTestId("node-done").click();

  await admin.getByTestId("palette-button").click();
  await drawer
    .getByTestId("prompt-mn")
    .locator("input[type=file]")
    .setInputFiles({ name: "menu.wav", mimeType: "audio/wav", buffer: fakeWav(1) });
  await expect(drawer.getByTestId("prompt-player-mn")).toBeVisible();
  await drawer.getByTestId("node-choice-0").fill("Борлуулалт");
  await drawer.getByTestId("node-add-choice").click();
  await drawer.getByTestId("node-choice-1").fill("Тусламж");
  await expect(drawer.getByTestId("node-choice-digit-1")).toHaveValue("2");
  await shot(admin, "64-call-operator-menu-editor");
  await done();
  await admin.getByTestId("palette-response").click();
  await drawer.getByTestId("voice-mode").getByText("Шилжүүлэх").click();
  await drawer.getByTestId("voice-transfer").click();
  await admin.getByRole("option", { name: "Нэг дотуур дугаар" }).click();
  await drawer.getByTestId("voice-extension").fill("102");
  await done();
  await admin.getByTestId("palette-success").click();
  await done();
  await admin.getByTestId("flow-arrange").click();

  const node = (kind: string) => admin.getByTestId("flow-canvas").getByTestId(`canvas-node-${kind}`);
  await connect(admin, node("start"), node("button"), 0, 1);
  await connect(admin, node("button"), node("response"), 0, 2);
  await connect(admin, node("button"), node("success"), 1, 3);
  await admin.getByTestId("flow-arrange").click();
  await expect(node("response")).toContainText("→ 102");
  await expect(node("button")).toContainText("Дуу бичлэг: MN");
  await admin.getByTestId("flow-publish").click();
  await expect(admin.getByTestId("flow-status")).toContainText("Нийтэлсэн");
  await shot(admin, "65-call-operator-flow-mn");

  await context.addCookies([{ name: "chosenLocale", value: "en", url: admin.url() }]);
  await admin.reload();
  await expect(node("button")).toContainText("No key");
  // A reloaded canvas opens with the whole menu in sight; fitting keeps it so.
  await admin.locator(".react-flow__controls-fitview").click();
  await shot(admin, "66-call-operator-flow-en");
  await admin.getByTestId("flow-canvas").getByTestId("canvas-node-button").dblclick();
  await expect(drawer.getByText("Recording")).toBeVisible();
  await shot(admin, "67-call-operator-menu-editor-en");
  await context.close();
});

/** The canvas's zoom, from the transform React Flow puts on its viewport. */
const canvasZoom = (page: Page) => page.locator(".react-flow__viewport").evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);

test("at 1366 px a 100-node flow saved through the API opens readable with every edge drawn; edges the canvas cannot draw are refused; wrong addresses say not found", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const admin = await context.newPage();
  const request = context.request;
  await newCompany(request, { first: "Canvas", last: "Admin", email: `canvas-${suffix}@shop.mn`, company: `Canvas ${suffix}`, agent: "Туслах" });
  const headers = await csrfHeaders(request);
  const endpoint = (await (
    await request.post("/api/custom-api", { headers, data: { name: "Захиалгын төлөв", method: "GET", url: "https://shop.example.mn/orders/{{id}}" } })
  ).json()) as { id: number };

  // 100 nodes: start → api (ok/fail) → a chain of responses; 99 edges, as a script would save them.
  const at = (i: number) => ({ x: (i % 10) * 260, y: Math.floor(i / 10) * 160, width: 200, height: 72 });
  const nodes = [
    { id: "start", kind: "start", ...at(0), data: {} },
    { id: "api", kind: "api", ...at(1), data: { endpoint_id: endpoint.id } },
    ...Array.from({ length: 98 }, (_, i) => ({ id: `r${i}`, kind: "response", ...at(i + 2), data: { text: `Хариулт ${i}` } })),
  ];
  const edge = (from: string, to: string, anchor: string | null) => ({ id: `${from}-${to}`, from, to, anchors: { from: anchor, to: null }, type: "smooth" });
  const edges = [
    edge("start", "api", null),
    edge("api", "r0", "ok"),
    edge("api", "r97", "fail"),
    ...Array.from({ length: 96 }, (_, i) => edge(`r${i}`, `r${i + 1}`, null)),
  ];
  const flow = (await (await request.post("/api/flows", { headers, data: { title: "Том урсгал" } })).json()) as { id: number };
  // Anchors the canvas has no handle for are refused with the edge named, not stored to vanish from the canvas.
  const refused = await request.put(`/api/flows/${flow.id}`, {
    headers,
    data: { graph: { nodes, edges: [...edges.slice(0, 3), { ...edge("r0", "r1", "out"), anchors: { from: "out", to: "in" } }] } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { code: string; details: Record<string, string> } }).error).toMatchObject({
    code: "flow_edge_exit_unknown",
    details: { edge_id: "r0-r1" },
  });
  expect((await request.put(`/api/flows/${flow.id}`, { headers, data: { graph: { nodes, edges } } })).status()).toBe(200);

  await admin.goto(`/settings/flow/${flow.id}`);
  const canvas = admin.getByTestId("flow-canvas");
  // React Flow draws edges once it has measured the 100 nodes, which a busy machine may take a while to do.
  await expect(admin.locator(".react-flow__edge")).toHaveCount(99, { timeout: 30_000 });
  // The canvas has the room of the page (the settings menu and the closed test chat give theirs).
  expect((await canvas.boundingBox())?.width).toBeGreaterThan(880);
  await expect(admin.getByTestId("settings-sidebar")).toHaveCount(0);
  // Opened at a readable size (not magnified, not shrunk to dots), its start in sight at the top.
  expect(await canvasZoom(admin)).toBeCloseTo(0.75, 2);
  await expect(canvas.getByTestId("canvas-node-start")).toBeInViewport();
  await expect(canvas.getByTestId("canvas-node-api")).toContainText("Захиалгын төлөв");
  await shot(admin, "68-canvas-100-nodes-1366-mn");
  await admin.locator(".react-flow__controls-fitview").click();
  await expect.poll(() => canvasZoom(admin)).toBeGreaterThanOrEqual(0.75);
  await admin.getByTestId("flow-test-toggle").click();
  await expect(admin.getByTestId("flow-test-chat")).toBeVisible();
  expect((await canvas.boundingBox())?.width).toBeGreaterThan(560);

  // A small flow opens whole at its real size, not zoomed onto its start.
  const small = (await (await request.post("/api/flows", { headers, data: { title: "Жижиг" } })).json()) as { id: number };
  await admin.goto(`/settings/flow/${small.id}`);
  await expect(canvas.getByTestId("canvas-node-start")).toBeVisible();
  expect(await canvasZoom(admin)).toBe(1);

  // Wrong addresses: the not-found state with the way back, never a blank page.
  for (const path of [`/settings/flow/item/nowhere?flow=${flow.id}`, "/settings/flow/item/nowhere", "/settings/flow/99999999"]) {
    await admin.goto(path);
    await expect(admin.getByTestId("flow-not-found")).toBeVisible();
  }
  await expect(admin.getByText("Урсгал олдсонгүй")).toBeVisible();
  await shot(admin, "69-flow-not-found-mn");

  // Topics are typed as tags (spec §5): Enter adds a new one, Backspace on the empty input arms, then removes the last.
  await admin.goto("/settings/flow");
  await admin.getByTestId("add-flow").click();
  const topics = admin.getByTestId("flow-topics");
  await topics.fill("захиалга");
  await topics.press("Enter");
  await topics.fill("хүргэлт");
  await topics.press("Enter");
  await topics.fill("захиалга");
  await topics.press("Enter");
  const dialog = admin.getByRole("dialog");
  await expect(dialog.locator(".mantine-Badge-root")).toHaveText(["захиалга", "хүргэлт"]);
  await topics.fill("");
  await topics.press("Backspace");
  await expect(dialog.locator("[data-armed]")).toHaveText("хүргэлт");
  await shot(admin, "70-flow-topics-armed-mn");
  await topics.press("Backspace");
  await expect(dialog.locator(".mantine-Badge-root")).toHaveText(["захиалга"]);
  await admin.keyboard.press("Escape");

  await context.addCookies([{ name: "chosenLocale", value: "en", url: admin.url() }]);
  await admin.goto(`/settings/flow/${flow.id}`);
  await expect(admin.locator(".react-flow__edge")).toHaveCount(99, { timeout: 30_000 });
  await expect(admin.getByTestId("flow-test-toggle")).toHaveText("Test chat");
  await shot(admin, "68-canvas-100-nodes-1366-en");
  await admin.goto("/settings/flow/item/nowhere");
  await expect(admin.getByText("Flow not found")).toBeVisible();
  await shot(admin, "69-flow-not-found-en");
  await context.close();
});

test("the custom API dialog's test stores nothing: a refused call and a cancelled dialog leave no endpoint", async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const context = await browser.newContext();
  const admin = await context.newPage();
  await newCompany(context.request, { first: "Api", last: "Admin", email: `api-${suffix}@shop.mn`, company: `Api ${suffix}`, agent: "Туслах" });
  await admin.goto("/settings/custom_api");
  await expect(admin.getByRole("heading", { name: "Гадаад API" })).toBeVisible();
  await admin.getByTestId("add-custom-api").click();
  await expect(admin.getByRole("dialog").getByText("API холболт нэмэх")).toBeVisible();
  await admin.getByTestId("api-name").fill("Дотоод систем");
  // A private address this installation does not allow: refused before any connection.
  await admin.getByTestId("api-url").fill("http://10.20.30.40/orders");
  await admin.getByTestId("api-test").click();
  await expect(admin.getByTestId("api-test-result")).toBeVisible();
  await expect(admin.getByTestId("api-private-hint")).toContainText("CUSTOM_API_PRIVATE_ADDRESSES");
  await shot(admin, "71-custom-api-refused-test-mn");
  await admin.getByRole("dialog").getByRole("button", { name: "Хаах" }).click();
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByText("Одоохондоо API холболт алга.", { exact: false })).toBeVisible();
  expect(((await (await context.request.get("/api/custom-api")).json()) as { items: unknown[] }).items).toEqual([]);
  await shot(admin, "72-custom-api-still-empty-mn");
  await context.addCookies([{ name: "chosenLocale", value: "en", url: admin.url() }]);
  await admin.reload();
  await admin.getByTestId("add-custom-api").click();
  await admin.getByTestId("api-name").fill("Internal system");
  await admin.getByTestId("api-url").fill("http://10.20.30.40/orders");
  await admin.getByTestId("api-test").click();
  await expect(admin.getByTestId("api-test-result")).toBeVisible();
  await shot(admin, "71-custom-api-refused-test-en");
  await admin.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  expect(((await (await context.request.get("/api/custom-api")).json()) as { items: unknown[] }).items).toEqual([]);
  await context.close();
});
