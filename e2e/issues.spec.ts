import { csrfHeaders, newCompany, shot } from "./support.ts";
import { expect, test } from "@playwright/test";

test.use({ actionTimeout: 20_000 });

test("an issue from a customer's bubble: created, assigned, seen live by the assignee and resolved", async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const request = adminContext.request;
  await newCompany(request, { first: "Nomin", last: "Admin", email: `issues-${suffix}@shop.mn`, company: `Issues ${suffix}`, agent: "Shop bot" });
  const domain = `issues-${suffix}.mn`;
  const channel = (await (
    await request.post("/api/webchat-channels", {
      headers: await csrfHeaders(request),
      data: {
        name: "Site chat",
        description: "Our website chat",
        domain,
        name_mn: "Туслах",
        name_en: "Helper",
        greeting_mn: "Сайн байна уу!",
        greeting_en: "Hello!",
      },
    })
  ).json()) as { public_key: string };
  await request.post("/api/issue-tags", { headers: await csrfHeaders(request), data: { name: "Хүргэлт", color: "#fa5252" } });
  const agentEmail = `agent-${suffix}@shop.mn`;
  // Without SMTP, the invitation's link is answered once, to the inviting admin.
  const invited = await request.post("/api/users/invite", {
    headers: await csrfHeaders(request),
    data: { first_name: "Сараа", last_name: "Бат", email: agentEmail, role: "agent" },
  });
  const link = ((await invited.json()) as { invitation_link: string }).invitation_link;

  // The assignee signs in through the invitation and waits on the issues page.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto(new URL(link).pathname + new URL(link).search);
  await agent.getByRole("dialog").locator("input[type=password]").fill("agent-password-9");
  await agent.getByRole("button", { name: "Хадгалах" }).click();
  await expect(agent.getByRole("dialog")).toBeHidden();
  await agent.getByTestId("nav-issue").click();
  await expect(agent.getByRole("heading", { name: "Хүсэлт" })).toBeVisible();

  // A customer writes on the web chat.
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const session = (await (
    await visitor.post("/api/webchat/session", { data: { public_key: channel.public_key, host_origin: `https://${domain}` } })
  ).json()) as { visitor_token: string };
  await visitor.post("/api/webchat/messages", {
    headers: { "x-visitor-token": session.visitor_token },
    data: { client_id: `c-${suffix}`, text: "Захиалга маань 3 хоног хоцорч байна" },
  });

  // The admin opens the conversation and makes an issue from the customer's bubble.
  await admin.goto("/interacts");
  await admin.getByTestId("inbox-list").getByText("Захиалга маань 3 хоног хоцорч байна").click();
  const bubble = admin.locator('[data-testid="bubble"][data-side="them"]');
  await bubble.hover();
  await bubble.getByTestId("bubble-create-issue").click();
  const form = admin.getByTestId("issue-form");
  await expect(form.getByLabel("Тайлбар")).toHaveValue("Захиалга маань 3 хоног хоцорч байна");
  await form.getByRole("textbox", { name: "Нэр", exact: true }).fill("Захиалга хоцорсон");
  await form.getByRole("combobox", { name: "Шошго" }).click({ force: true });
  await admin.getByRole("option", { name: "Хүргэлт" }).click();
  await form.getByRole("combobox", { name: "Шошго" }).press("Escape");
  await shot(admin, "50-issue-from-bubble");
  await form.getByRole("button", { name: "Хадгалах" }).click();
  await expect(form).toBeHidden();

  // The admin assigns it; the agent is told live.
  await admin.goto("/issues");
  await admin.getByTestId("issue-row").filter({ hasText: "Захиалга хоцорсон" }).click();
  await expect(admin.getByRole("heading", { name: /#1 Захиалга хоцорсон/ })).toBeVisible();
  await admin.getByRole("combobox", { name: "Хариуцагч болгох" }).click();
  await admin.getByRole("option", { name: "Сараа Бат" }).click();
  const notification = agent.getByText("Nomin Admin танд #1 хүсэлтийг хариуцуулав");
  await expect(notification).toBeVisible();
  await expect(agent.getByTestId("issue-row").filter({ hasText: "Захиалга хоцорсон" })).toBeVisible();
  await shot(agent, "51-issue-assigned-live");

  // The agent opens it from the notification and resolves it.
  await notification.click();
  await expect(agent.getByRole("heading", { name: /#1 Захиалга хоцорсон/ })).toBeVisible();
  await agent.getByRole("button", { name: "Шийдвэрлэх" }).click();
  await expect(agent.getByTestId("issue-status")).toHaveText("Шийдвэрлэсэн");
  await agent.getByPlaceholder("Сэтгэгдэл бичих").pressSequentially("Хүргэлтийн албатай холбогдож шийдлээ @Nom");
  await agent.getByRole("option", { name: "@Nomin Admin" }).click();
  await agent.getByRole("button", { name: "Илгээх" }).click();
  await expect(agent.getByTestId("issue-comment")).toContainText("Хүргэлтийн албатай холбогдож шийдлээ @Nomin Admin");
  // The mentioned admin is told live.
  await expect(admin.getByText("Сараа Бат таныг #1 хүсэлтэд дурдав")).toBeVisible();
  await expect(agent.getByTestId("issue-event")).toHaveCount(4);
  await shot(agent, "52-issue-resolved");

  await admin.reload();
  await expect(admin.getByTestId("issue-status")).toHaveText("Шийдвэрлэсэн");
  await expect(admin.getByText("Сараа Бат төлөвийг Нээлттэй-с Шийдвэрлэсэн болгов")).toBeVisible();
  await shot(admin, "53-issue-history");

  // The customer's profile lists the issue.
  const issues = (await (await adminContext.request.get("/api/issues")).json()) as { items: Array<{ contact: { id: number } | null }> };
  await admin.goto(`/contacts/${issues.items[0]?.contact?.id}`);
  await expect(admin.getByTestId("contact-issues")).toContainText("#1 Захиалга хоцорсон");
  await expect(admin.getByTestId("contact-issues")).toContainText("Шийдвэрлэсэн");
  await shot(admin, "54-contact-issues");
  await visitor.dispose();
  await agentContext.close();
  await adminContext.close();
});
