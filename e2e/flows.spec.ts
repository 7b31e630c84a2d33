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
  // A wide screen: the canvas shares the settings page with its menu, the palette and the test chat.
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
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
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
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
  // A reloaded canvas opens zoomed on its first node; fitting it shows the whole menu.
  await admin.locator(".react-flow__controls-fitview").click();
  await shot(admin, "66-call-operator-flow-en");
  await admin.getByTestId("flow-canvas").getByTestId("canvas-node-button").dblclick();
  await expect(drawer.getByText("Recording")).toBeVisible();
  await shot(admin, "67-call-operator-menu-editor-en");
  await context.close();
});
