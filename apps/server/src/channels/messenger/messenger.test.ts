import type { InteractionEventView, InteractionView, MessageView, MessengerChannelView, MessengerThreadView, VirtualAgentView } from "@holboo/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import { describeChannelConformance, describeDocumentedCases } from "../../../test/channel-conformance.ts";
import { MESSENGER_DOC_CASES, type MessengerDocCase } from "../../../test/fixtures/messenger-docs.ts";
import { PAGE_INBOX_APP_ID, startFakeGraph, type FakeGraph, type FakePage } from "../../../test/fake-graph.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { until } from "../../../test/sockets.ts";
import { countEvents } from "../provider-events.repo.ts";
import { findChannel } from "../channels.repo.ts";

const PUBLIC_URL = "http://holboo.example";
const APP = { id: "1234567890", secret: "app-secret-for-tests" };
let t: TestApp;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph(APP);
  t = await startTestApp({
    GRAPH_API_URL: graph.url,
    META_APP_ID: APP.id,
    META_APP_SECRET: APP.secret,
    META_VERIFY_TOKEN: "verify-me",
    FACEBOOK_DIALOG_URL: "https://www.facebook.test/v23.0/dialog/oauth",
    PUBLIC_URL,
  });
  graph.routeTo(PUBLIC_URL, t.url);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

/** Facebook Login as the browser goes through it: the dialog URL, Facebook's redirect back, the Page list. */
async function login(staff: Client, ...granted: FakePage[]) {
  const dialog = new URL((await staff.get<{ url: string }>("/api/messenger/login")).body.url);
  const code = graph.authorize(...granted);
  const back = await staff.request(
    "GET",
    `/api/messenger/oauth/callback?code=${code}&state=${encodeURIComponent(dialog.searchParams.get("state") ?? "")}`,
    undefined,
    {
      redirect: "manual",
    },
  );
  const location = new URL(back.headers.get("location") ?? "", PUBLIC_URL);
  return { dialog, back, location, session: location.searchParams.get("messenger_session") ?? "" };
}

async function connectPage(agent: { agent_id?: number; agent_active?: boolean } = {}) {
  const admin = await companyAdmin(t);
  const page = graph.addPage(`Shop ${unique()}`);
  const { session } = await login(admin.client, page);
  const connected = await admin.client.post<MessengerChannelView>("/api/messenger-channels", { session, page_id: page.id, name: "Messenger", ...agent });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return { admin, page, channel: connected.body };
}

const textItem = (page: FakePage, psid: string, text: string, mid: string, extra: Record<string, unknown> = {}) => ({
  sender: { id: psid },
  recipient: { id: page.id },
  timestamp: Date.now(),
  message: { mid, text, ...extra },
});

async function conversationOf(staff: Client, preview: string) {
  let found: InteractionView | undefined;
  await until(async () => {
    found = (await staff.get<{ items: InteractionView[] }>("/api/interactions?status=open&limit=100")).body.items.find(
      (i) => i.last_message_preview === preview,
    );
    return Boolean(found);
  });
  return found as InteractionView;
}
const messagesOf = async (staff: Client, id: number) => (await staff.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;

describeChannelConformance(
  {
    name: "Messenger",
    live: false,
    async connect() {
      const { admin, page } = await connectPage();
      const psid = graph.addCustomer({ first_name: "Болд", last_name: "Бат" });
      return {
        staff: admin.client,
        customerSends: (text, eventId) => graph.callback([{ page, items: [textItem(page, psid, text, `m_${eventId}`)] }]),
        forged: (text) => graph.callback([{ page, items: [textItem(page, psid, text, unique("m_"))] }], { secret: "not-the-app-secret" }),
        handedOver: () => graph.sent.filter((s) => s.page === page.id && typeof s.body.message.text === "string").map((s) => String(s.body.message.text)),
        failNext: (kind) => graph.failNext(kind),
      };
    },
  },
  () => t,
);

/** One Page for every documented example; each example has a customer of its own. */
let docsPage: Promise<Awaited<ReturnType<typeof connectPage>>> | null = null;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);

/**
 * A documented item, sent in one batch after a customer's ordinary message of the same Page (which must
 * not be lost beside it), once the customer has a conversation and a reply the receipts can name.
 */
async function runDocumented(example: MessengerDocCase) {
  docsPage ??= connectPage();
  const { admin, page } = await docsPage;
  const psid = graph.addCustomer();
  const opening = `Сайн байна уу ${unique()}`;
  await graph.callback([{ page, items: [textItem(page, psid, opening, unique("m_"))] }]);
  const conversation = await conversationOf(admin.client, opening);
  const replyText = `Хариу ${unique()}`;
  const reply = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: replyText });
  const replyOf = async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === reply.body.id);
  await until(async () => (await replyOf())?.status === "sent");
  if (example.heldBy) {
    await t.database.db.execute(sql`update contact_identities set thread_owner_app_id = ${example.heldBy} where external_id = ${psid}`);
  }
  const sent = graph.sent.find((s) => s.body.message.text === replyText);
  const ids = {
    psid,
    page: page.id,
    ownApp: APP.id,
    media: (type: "image" | "video" | "audio" | "file") =>
      type === "image"
        ? graph.hostMedia(`${unique()}.png`, "image/png", PNG)
        : type === "file"
          ? graph.hostMedia(`${unique()}.pdf`, "application/pdf", Buffer.from("%PDF-1.4 documented"))
          : graph.hostMedia(`${unique()}.${type === "video" ? "mp4" : "m4a"}`, `${type}/mp4`, Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])),
    reply: { mid: sent?.mid ?? "", at: Date.now() },
  };
  const companion = `Хажуугийн мессеж ${unique()}`;
  const item = example.item(ids);
  const companionItem = textItem(page, psid, companion, unique("m_"));
  const entry =
    example.list === "standby"
      ? { id: page.id, time: Date.now(), messaging: [companionItem], standby: [item] }
      : { id: page.id, time: Date.now(), messaging: [companionItem, item] };
  const answer = await graph.callback([], { raw: JSON.stringify({ object: "page", entry: [entry] }) });
  const expectation = example.expect;
  const effect = async () => {
    expect((answer.body as { stored: number }).stored).toBe(2);
    await until(async () => (await messagesOf(admin.client, conversation.id)).some((m) => m.text === companion));
    if (!expectation) return;
    if ("status" in expectation) return until(async () => (await replyOf())?.status === expectation.status);
    if ("handover" in expectation) {
      return until(async () => {
        const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${conversation.id}/events?after=0`)).body.items;
        const last = events.filter((e) => e.type === "handover.changed").at(-1)?.payload;
        return last?.owner === expectation.handover.owner && last.reason === expectation.handover.reason;
      });
    }
    const wanted = expectation.message;
    await until(async () =>
      (await messagesOf(admin.client, conversation.id)).some(
        (m) =>
          m.id !== reply.body.id &&
          m.direction === wanted.direction &&
          m.text !== companion &&
          m.text !== opening &&
          (!wanted.text || m.text.includes(wanted.text)) &&
          (!wanted.attachment || m.attachments.some((file) => file.mime.startsWith(wanted.attachment ?? ""))) &&
          (!wanted.sentVia || m.sent_via?.kind === wanted.sentVia),
      ),
    );
  };
  return { answer, effect: example.outcome === "handled" ? effect : undefined };
}

describeDocumentedCases("Messenger", () =>
  MESSENGER_DOC_CASES.map((example) => ({
    label: `${example.field}: ${example.name}`,
    source: example.source,
    outcome: example.outcome,
    run: () => runDocumented(example),
  })),
);

describe("Messenger", () => {
  it("answers Meta's verification and takes its events at the README's callback URL, PUBLIC_URL/webhooks/messenger", async () => {
    for (const path of ["/webhooks/messenger", "/webhooks/messenger/meta-app"]) {
      const ok = await fetch(`${t.url}${path}?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444`);
      expect([path, ok.status, await ok.text()]).toEqual([path, 200, "1158201444"]);
      const wrong = await fetch(`${t.url}${path}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
      expect(wrong.status).toBe(403);
    }
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    const documented = await graph.callback([{ page, items: [textItem(page, psid, "Шинэ хаягаар", unique("m_"))] }]);
    expect([documented.status, (documented.body as { stored: number }).stored]).toEqual([200, 1]);
    const older = await graph.callback([{ page, items: [textItem(page, psid, "Хуучин хаягаар", unique("m_"))] }], { path: "/webhooks/messenger/meta-app" });
    expect([older.status, (older.body as { stored: number }).stored]).toEqual([200, 1]);
    const conversation = await conversationOf(admin.client, "Хуучин хаягаар");
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 2);
    const forged = await graph.callback([{ page, items: [textItem(page, psid, "Хуурамч", unique("m_"))] }], { secret: "not-the-app-secret" });
    expect(forged.status).toBe(401);
  });

  it("connects a Page through Facebook Login: the Page list, the app subscribed to its fields, the Page token sealed", async () => {
    const admin = await companyAdmin(t);
    const page = graph.addPage("Номын дэлгүүр");
    const other = graph.addPage("Кофе шоп");
    const { dialog, back, session } = await login(admin.client, page, other);
    expect(dialog.origin + dialog.pathname).toBe("https://www.facebook.test/v23.0/dialog/oauth");
    expect(dialog.searchParams.get("client_id")).toBe(APP.id);
    expect(dialog.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/messenger/oauth/callback`);
    expect(dialog.searchParams.get("scope")).toContain("pages_messaging");
    expect(back.status).toBe(303);
    expect(session).not.toContain(page.token);
    const pages = await admin.client.post<{ items: Array<{ id: string; name: string }> }>("/api/messenger/pages", { session });
    expect(pages.body.items).toEqual([
      { id: page.id, name: "Номын дэлгүүр" },
      { id: other.id, name: "Кофе шоп" },
    ]);
    expect(JSON.stringify(pages.body)).not.toContain(page.token);
    const connected = await admin.client.post<MessengerChannelView>("/api/messenger-channels", { session, page_id: page.id, name: "Messenger" });
    expect(connected.body).toMatchObject({ type: "messenger", page_id: page.id, page_name: "Номын дэлгүүр" });
    expect(page.subscribedFields).toEqual(expect.arrayContaining(graph.fields));
    const stored = await findChannel(t.database.db, admin.me.company_id, connected.body.id);
    expect(stored?.secrets?.toString("utf8")).not.toContain(page.token);
    // Another person cannot use this person's session; a wrong state comes back as the spec's error.
    const stranger = await companyAdmin(t);
    expect(errorCode(await stranger.client.post("/api/messenger/pages", { session }))).toBe("messenger_page_connect_failed");
    const forged = await admin.client.request("GET", `/api/messenger/oauth/callback?code=${graph.authorize(page)}&state=1.2.bad`, undefined, {
      redirect: "manual",
    });
    expect(forged.headers.get("location")).toContain("messenger_error=messenger_page_connect_failed");
    expect(errorCode(await admin.client.post("/api/messenger-channels", { session, page_id: page.id, name: "Again" }))).toBe("channel_already_connected");
    expect(graph.violations).toEqual([]);
  });

  it("fetches a new customer's profile once and names the contact from it", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer({ first_name: "Сараа", last_name: "Дорж" });
    await graph.callback([{ page, items: [textItem(page, psid, "Сайн байна уу", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Сайн байна уу");
    await graph.callback([{ page, items: [textItem(page, psid, "Дахиад нэг асуулт", unique("m_"))] }]);
    await conversationOf(admin.client, "Дахиад нэг асуулт");
    expect(graph.profileFetches.filter((id) => id === psid)).toHaveLength(1);
    expect(conversation.contact).toMatchObject({ name: "Сараа Дорж" });
  });

  it("replies within 24 hours as RESPONSE, a person within 7 days with HUMAN_AGENT, and after that the composer says why not", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Үнэ хэд вэ", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Үнэ хэд вэ");
    const send = (text: string) => admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text });
    const sentAs = async (text: string) => {
      await until(async () => graph.sent.some((s) => s.body.message.text === text));
      return graph.sent.find((s) => s.body.message.text === text)?.body;
    };
    await send("10,000₮");
    expect(await sentAs("10,000₮")).toMatchObject({ recipient: { id: psid }, messaging_type: "RESPONSE" });
    const age = async (days: number) =>
      t.database.db.execute(
        sql`update messages set created_at = now() - make_interval(days => ${days}) where company_id = ${admin.me.company_id} and interaction_id = ${conversation.id} and direction = 'in'`,
      );
    await age(2);
    await send("Хариу хоцорлоо");
    expect(await sentAs("Хариу хоцорлоо")).toMatchObject({ messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
    await age(8);
    const refused = await send("Байна уу?");
    expect([refused.status, errorCode(refused)]).toEqual([409, "messenger_window_closed"]);
    expect(graph.violations).toEqual([]);
  });

  it("takes quick-reply and postback payloads as the choice, reads as seen, and shows Page-inbox echoes once", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Сонголт", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Сонголт");
    await graph.callback([{ page, items: [textItem(page, psid, "2. Хүргэлт", unique("m_"), { quick_reply: { payload: "2" } })] }]);
    await graph.callback([
      {
        page,
        items: [
          { sender: { id: psid }, recipient: { id: page.id }, timestamp: Date.now(), postback: { mid: unique("m_"), title: "Захиалга", payload: "ORDER" } },
        ],
      },
    ]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 3);
    expect((await messagesOf(admin.client, conversation.id)).map((m) => m.text).reverse()).toEqual(["Сонголт", "2", "Захиалга"]);

    const reply = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Ойлголоо" });
    const statusOf = async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === reply.body.id)?.status;
    await until(async () => (await statusOf()) === "sent");
    await graph.callback([{ page, items: [{ sender: { id: psid }, recipient: { id: page.id }, timestamp: Date.now(), read: { watermark: Date.now() } }] }]);
    await until(async () => (await statusOf()) === "seen");

    const echo = (mid: string, appId: string, text: string) => ({
      sender: { id: page.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: { mid, text, is_echo: true, app_id: Number(appId) },
    });
    const own = graph.sent.find((s) => s.body.message.text === "Ойлголоо");
    expect(own).toBeDefined();
    await graph.callback([{ page, items: [echo("m_sent-own", APP.id, "Ойлголоо"), echo(unique("m_"), "263902037430900", "Page inbox-оос бичлээ")] }]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).some((m) => m.text === "Page inbox-оос бичлээ"));
    const texts = (await messagesOf(admin.client, conversation.id)).map((m) => m.text);
    expect(texts.filter((text) => text === "Ойлголоо")).toHaveLength(1);
    expect(graph.sent.filter((s) => s.body.message.text === "Page inbox-оос бичлээ")).toHaveLength(0);
  });

  it("stores a customer's image as an attachment and an oversized video as a link with a note", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 3)]);
    const image = graph.hostMedia(`${unique()}.png`, "image/png", png);
    const video = graph.hostMedia(`${unique()}.mp4`, "video/mp4", Buffer.alloc(1024 * 1024 + 5, 0));
    await graph.callback([{ page, items: [textItem(page, psid, "Зураг", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Зураг");
    await graph.callback([
      {
        page,
        items: [{ ...textItem(page, psid, "", unique("m_")), message: { mid: unique("m_"), attachments: [{ type: "image", payload: { url: image } }] } }],
      },
    ]);
    await graph.callback([
      {
        page,
        items: [{ ...textItem(page, psid, "", unique("m_")), message: { mid: unique("m_"), attachments: [{ type: "video", payload: { url: video } }] } }],
      },
    ]);
    let messages: MessageView[] = [];
    await until(async () => (messages = (await messagesOf(admin.client, conversation.id)).reverse()).length === 3);
    expect(messages[1]?.attachments).toEqual([expect.objectContaining({ mime: "image/png" })]);
    expect(messages[2]?.text).toContain(video);
    expect(messages[2]?.attachments).toEqual([]);
  });

  it("ignores a Page no channel has and a signed body that fits no documented shape, answering 200 and storing nothing", async () => {
    const { admin, channel, page } = await connectPage();
    const stranger = graph.addPage("Unknown");
    const unknown = await graph.callback([{ page: stranger, items: [textItem(stranger, "1", "hi", unique("m_"))] }]);
    expect([unknown.status, (unknown.body as { stored: number }).stored]).toEqual([200, 0]);
    // Meta disables a webhook that keeps failing, and a body it signed will not change when sent again.
    const malformed = await graph.callback([], { raw: JSON.stringify({ object: "page", entry: [{ id: page.id, messaging: "nope" }] }) });
    expect([malformed.status, malformed.body]).toEqual([200, { ok: true, stored: 0, ignored: 0, invalid: 1 }]);
    expect(await countEvents(t.database.db, admin.me.company_id, channel.id)).toBe(0);
  });

  it("never merges two customers who write from different Facebook accounts", async () => {
    const { admin, page } = await connectPage();
    const [first, second] = [graph.addCustomer(), graph.addCustomer()];
    await graph.callback([{ page, items: [textItem(page, first, "Нэгдүгээр хүн", unique("m_"))] }]);
    await graph.callback([{ page, items: [textItem(page, second, "Хоёрдугаар хүн", unique("m_"))] }]);
    const a = await conversationOf(admin.client, "Нэгдүгээр хүн");
    const b = await conversationOf(admin.client, "Хоёрдугаар хүн");
    const refused = await admin.client.post("/api/contacts/merge", { keep_id: a.contact.id, remove_id: b.contact.id });
    expect([refused.status, errorCode(refused)]).toEqual([409, "contact_merge_different_account"]);
  });

  it("keeps a company's Page from other companies, lets its admin edit the channel, and disconnecting unsubscribes the app", async () => {
    const { admin, channel, page } = await connectPage();
    const other = await companyAdmin(t);
    expect((await other.client.get(`/api/messenger-channels/${channel.id}`)).status).toBe(404);
    const edit = { name: "Mine now", description: "", agent_id: null, agent_active: false };
    expect((await other.client.put(`/api/messenger-channels/${channel.id}`, edit)).status).toBe(404);
    expect((await other.client.del(`/api/channels/${channel.id}`)).status).toBe(404);
    expect((await admin.client.get<MessengerChannelView>(`/api/messenger-channels/${channel.id}`)).body.name).toBe("Messenger");
    // The admin edits the channel's name, description and agent; the Page stays as connected.
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const updated = await admin.client.put<MessengerChannelView>(`/api/messenger-channels/${channel.id}`, {
      name: "Дэлгүүрийн хуудас",
      description: "Facebook",
      agent_id: agent?.id,
      agent_active: true,
    });
    expect(updated.body).toMatchObject({ name: "Дэлгүүрийн хуудас", description: "Facebook", agent_id: agent?.id, agent_active: true, page_id: page.id });
    const noAgent = await admin.client.put(`/api/messenger-channels/${channel.id}`, { ...edit, agent_active: true });
    expect(errorCode(noAgent)).toBe("virtual_agent_required");
    expect(page.subscribedFields).not.toBeNull();
    expect((await admin.client.del(`/api/channels/${channel.id}`)).status).toBe(200);
    expect(page.subscribedFields).toBeNull();
  });

  it("sends a reply of text and attachments part by part, and a retry after a failed part never sends a part twice", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Каталог явуулаач", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Каталог явуулаач");
    const upload = async (name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append("file", new Blob([data]), name);
      return (await admin.client.request<{ file_id: string }>("POST", "/api/attachments", undefined, { raw: form })).body.file_id;
    };
    const png = await upload("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(32).fill(2)]));
    const pdf = await upload("catalog.pdf", new TextEncoder().encode("%PDF-1.4 catalog"));
    const partsOf = (messageId: number) => graph.sent.filter((s) => s.body.message.metadata === `holboo:${messageId}`).map((s) => s.body.message);
    const statusOf = async (id: number) => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === id)?.status;

    // The text goes through, the picture fails for a while: the retry sends the picture and the file, not the text again.
    graph.failNext("pass");
    graph.failNext("temporary");
    const first = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, {
      client_id: unique("r-"),
      text: "Манай каталог",
      attachment_ids: [png, pdf],
    });
    await until(async () => {
      await makeWaitingJobsDue(t);
      return (await statusOf(first.body.id)) === "sent";
    }, 20_000);
    expect(partsOf(first.body.id).map((m) => m.text ?? (m.attachment as { type: string }).type)).toEqual(["Манай каталог", "image", "file"]);

    // Refused after the text: the bubble shows Retry, and the person's Retry sends only what is left.
    graph.failNext("pass");
    graph.failNext("permanent");
    const clientId = unique("r-");
    const second = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, {
      client_id: clientId,
      text: "Дахиад",
      attachment_ids: [png, pdf],
    });
    await until(async () => (await statusOf(second.body.id)) === "retry");
    expect(partsOf(second.body.id)).toHaveLength(1);
    const retried = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, {
      client_id: clientId,
      text: "Дахиад",
      attachment_ids: [png, pdf],
    });
    expect(retried.body.id).toBe(second.body.id);
    await until(async () => (await statusOf(second.body.id)) === "sent");
    expect(partsOf(second.body.id).map((m) => m.text ?? (m.attachment as { type: string }).type)).toEqual(["Дахиад", "image", "file"]);
    expect(graph.violations).toEqual([]);
  });

  it("passes a conversation to the Page inbox and takes it back (handover), the agent silent while the Page inbox has it", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/me/presence", { presence: "away" });
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const page = graph.addPage(`Shop ${unique()}`);
    const { session } = await login(admin.client, page);
    const connected = await admin.client.post<MessengerChannelView>("/api/messenger-channels", {
      session,
      page_id: page.id,
      name: "Messenger",
      agent_id: agent?.id,
      agent_active: true,
    });
    expect(connected.status).toBe(200);
    const answer = "Хүргэлт 2-3 хоногт ирнэ.";
    await admin.client.post("/api/knowledge/qa", { question: "Хүргэлт хэдэн хоногт ирэх вэ?", variants: ["Хүргэлт хэр удаан вэ"], answer });
    const psid = graph.addCustomer();
    const toCustomer = () => graph.sent.filter((s) => s.page === page.id && s.body.recipient.id === psid);
    await graph.callback([{ page, items: [textItem(page, psid, "Хүргэлт хэдэн хоногт ирэх вэ?", unique("m_"))] }]);
    await until(async () => toCustomer().length === 1);
    expect(toCustomer()[0]?.body.message.text).toBe(answer);
    const conversation = await conversationOf(admin.client, answer);
    const thread = `/api/interactions/${conversation.id}/messenger-thread`;
    expect((await admin.client.get<MessengerThreadView>(thread)).body).toEqual({ in_page_inbox: false, owner_app_id: null });

    // Another company sees none of it and moves nothing.
    const other = await companyAdmin(t);
    expect((await other.client.get(thread)).status).toBe(404);
    expect((await other.client.post(`${thread}/pass`, {})).status).toBe(404);
    expect(graph.handovers.filter((h) => h.page === page.id)).toHaveLength(0);

    const passed = await admin.client.post<MessengerThreadView>(`${thread}/pass`, {});
    expect(passed.body).toEqual({ in_page_inbox: true, owner_app_id: PAGE_INBOX_APP_ID });
    expect(graph.handovers.filter((h) => h.page === page.id)).toEqual([
      { edge: "pass_thread_control", page: page.id, body: expect.objectContaining({ recipient: { id: psid }, target_app_id: Number(PAGE_INBOX_APP_ID) }) },
    ]);
    expect(graph.threadOwner(page, psid)).toBe(PAGE_INBOX_APP_ID);
    // While the Page inbox has the thread the composer says why not, and the customer's messages come in standby:
    // kept for people, not answered by the agent; a Page admin's reply there is shown once.
    const refused = await admin.client.post(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Сайн уу" });
    expect([refused.status, errorCode(refused)]).toEqual([409, "messenger_thread_in_page_inbox"]);
    const standbyMid = unique("m_");
    await graph.callback([{ page, items: [], standby: [textItem(page, psid, "Хүргэлт хэр удаан вэ", standbyMid)] }]);
    const inboxReply = {
      sender: { id: page.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: { mid: unique("m_"), text: "Page inbox: маргааш", is_echo: true, app_id: Number(PAGE_INBOX_APP_ID) },
    };
    await graph.callback([{ page, items: [], standby: [inboxReply] }]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).some((m) => m.text === "Page inbox: маргааш"));
    expect((await messagesOf(admin.client, conversation.id)).map((m) => m.text).reverse()).toEqual([
      "Хүргэлт хэдэн хоногт ирэх вэ?",
      answer,
      "Хүргэлт хэр удаан вэ",
      "Page inbox: маргааш",
    ]);

    // The Page admin marks it done: Meta passes the thread back to Holboo, and the agent answers again.
    const control = (kind: "pass_thread_control" | "take_thread_control", body: Record<string, unknown>) => ({
      sender: { id: psid },
      recipient: { id: page.id },
      timestamp: Date.now(),
      [kind]: body,
    });
    graph.releaseThread(page, psid);
    await graph.callback([
      { page, items: [control("pass_thread_control", { new_owner_app_id: APP.id, previous_owner_app_id: PAGE_INBOX_APP_ID, metadata: "done" })] },
    ]);
    await until(async () => !(await admin.client.get<MessengerThreadView>(thread)).body.in_page_inbox);
    await graph.callback([{ page, items: [textItem(page, psid, "Хүргэлт хэдэн хоногт ирэх вэ?", unique("m_"))] }]);
    await until(async () => toCustomer().length === 2);
    const bot = (await messagesOf(admin.client, conversation.id)).filter((m) => m.is_bot);
    expect(bot.map((m) => m.text)).toEqual([answer, answer]);

    // The Page inbox takes the thread (a webhook), then a person here takes it back (take_thread_control).
    graph.takeThread(page, psid);
    await graph.callback([{ page, items: [control("take_thread_control", { previous_owner_app_id: APP.id, new_owner_app_id: PAGE_INBOX_APP_ID })] }]);
    await until(async () => (await admin.client.get<MessengerThreadView>(thread)).body.in_page_inbox);
    const taken = await admin.client.post<MessengerThreadView>(`${thread}/take`, {});
    expect(taken.body).toEqual({ in_page_inbox: false, owner_app_id: null });
    expect(graph.handovers.filter((h) => h.page === page.id).map((h) => [h.edge, h.body.recipient])).toEqual([
      ["pass_thread_control", { id: psid }],
      ["take_thread_control", { id: psid }],
    ]);
    expect(graph.threadOwner(page, psid)).toBeNull();
    const reply = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Би туслая" });
    expect(reply.status).toBe(200);
    await until(async () => graph.sent.some((s) => s.body.message.text === "Би туслая"));

    // Each move is an ownership event in the conversation, for staff only.
    const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${conversation.id}/events?after=0&limit=500`)).body.items;
    expect(events.filter((e) => e.type === "handover.changed").map((e) => [e.payload.owner, e.payload.reason])).toEqual([
      ["page_inbox", "passed"],
      ["holboo", "returned"],
      ["page_inbox", "taken"],
      ["holboo", "taken_back"],
    ]);
    expect(events.find((e) => e.type === "handover.changed")?.payload.by).toMatchObject({ id: admin.me.ID });
    expect(graph.violations).toEqual([]);
  });

  it("stores a batch's text, image and postback beside a delivery receipt (no timestamp) and app_roles (no sender), and records the delivery", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Эхлэл", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Эхлэл");
    const reply = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Сайн байна уу" });
    const statusOf = async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === reply.body.id)?.status;
    await until(async () => (await statusOf()) === "sent");
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 5)]);
    const image = graph.hostMedia(`${unique()}.png`, "image/png", png);
    const sentMid = graph.sent.find((sent) => sent.body.message.text === "Сайн байна уу")?.mid;
    // As Meta documents them: message_deliveries carries no timestamp, messaging_handovers' app_roles no sender.
    const raw = JSON.stringify({
      object: "page",
      entry: [
        {
          id: page.id,
          time: Date.now(),
          messaging: [
            textItem(page, psid, "Энэ юу вэ", unique("m_")),
            { sender: { id: psid }, recipient: { id: page.id }, delivery: { mids: [sentMid], watermark: Date.now() } },
            { recipient: { id: page.id }, timestamp: Date.now(), app_roles: { [APP.id]: ["primary_receiver"] } },
            {
              sender: { id: psid },
              recipient: { id: page.id },
              timestamp: Date.now(),
              message: { mid: unique("m_"), attachments: [{ type: "image", payload: { url: image } }] },
            },
            { sender: { id: psid }, recipient: { id: page.id }, timestamp: Date.now(), postback: { mid: unique("m_"), title: "Захиалах", payload: "ORDER" } },
          ],
        },
      ],
    });
    const answer = await graph.callback([], { raw });
    expect([answer.status, answer.body]).toEqual([200, { ok: true, stored: 4, ignored: 1, invalid: 0 }]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 5);
    const messages = (await messagesOf(admin.client, conversation.id)).reverse();
    expect(messages.map((m) => m.text)).toEqual(["Эхлэл", "Сайн байна уу", "Энэ юу вэ", "", "Захиалах"]);
    expect(messages[3]?.attachments).toEqual([expect.objectContaining({ mime: "image/png" })]);
    await until(async () => (await statusOf()) === "delivered");
  });

  it("shows who really sent an echo: the Page inbox, or another app of the Page, never the AI agent", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Хэн хариулах вэ", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Хэн хариулах вэ");
    const echo = (text: string, appId?: number) => ({
      sender: { id: page.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: { mid: unique("m_"), text, is_echo: true, ...(appId === undefined ? {} : { app_id: appId }) },
    });
    await graph.callback([{ page, items: [echo("Хуудаснаас", Number(PAGE_INBOX_APP_ID)), echo("Өөр аппаас", 1517776481860111)] }]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 3);
    const [, fromInbox, fromApp] = (await messagesOf(admin.client, conversation.id)).reverse();
    expect(fromInbox).toMatchObject({ text: "Хуудаснаас", direction: "out", is_bot: false, sent_via: { kind: "page_inbox", app_id: null } });
    expect(fromApp).toMatchObject({ text: "Өөр аппаас", direction: "out", is_bot: false, sent_via: { kind: "other_app", app_id: "1517776481860111" } });
  });

  it("shows a standby echo of a media template sent from the Page inbox", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Зураг байна уу", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Зураг байна уу");
    const template = {
      sender: { id: page.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: {
        mid: unique("m_"),
        is_echo: true,
        app_id: Number(PAGE_INBOX_APP_ID),
        attachments: [
          {
            type: "template",
            payload: { template_type: "media", elements: [{ media_type: "image", url: "https://www.facebook.com/photo.php?fbid=1234" }] },
          },
        ],
      },
    };
    await graph.callback([{ page, items: [], standby: [template] }]);
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 2);
    const [echoed] = await messagesOf(admin.client, conversation.id);
    expect(echoed).toMatchObject({ direction: "out", sent_via: { kind: "page_inbox" } });
    expect(echoed?.text).toContain("https://www.facebook.com/photo.php?fbid=1234");
  });

  it("names another app that takes the thread as that app, not as the Page inbox", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Тусламж", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Тусламж");
    graph.takeThread(page, psid, "777000111222333");
    await graph.callback([
      {
        page,
        items: [
          {
            sender: { id: psid },
            recipient: { id: page.id },
            timestamp: Date.now(),
            take_thread_control: { previous_owner_app_id: APP.id, new_owner_app_id: "777000111222333", metadata: "bot" },
          },
        ],
      },
    ]);
    const thread = `/api/interactions/${conversation.id}/messenger-thread`;
    await until(async () => (await admin.client.get<MessengerThreadView>(thread)).body.owner_app_id === "777000111222333");
    const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${conversation.id}/events?after=0`)).body.items;
    expect(events.filter((e) => e.type === "handover.changed").map((e) => [e.payload.owner, e.payload.owner_app_id, e.payload.reason])).toEqual([
      ["other_app", "777000111222333", "taken"],
    ]);
  });

  it("shows a message whose file Meta cannot hand over yet at once, with the link, and puts the file in when it arrives", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Баримт явуулъя", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Баримт явуулъя");
    const pdf = Buffer.from("%PDF-1.4 receipt");
    const url = graph.hostMedia(`${unique()}.pdf`, "application/pdf", pdf, 2);
    const item = {
      ...textItem(page, psid, "Төлбөрийн баримт", unique("m_")),
      message: { mid: unique("m_"), text: "Төлбөрийн баримт", attachments: [{ type: "file", payload: { url } }] },
    };
    await graph.callback([{ page, items: [item] }]);
    // At once: the text, the link and a note that the file is coming, with no wait for a retry.
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 2);
    const [first] = await messagesOf(admin.client, conversation.id);
    expect(first?.text.split("\n")).toEqual(["Төлбөрийн баримт", `Файлыг одоохондоо татаж чадсангүй, ирмэгц энд нэмэгдэнэ: ${url}`]);
    expect(first?.attachments).toEqual([]);
    await until(async () => {
      await makeWaitingJobsDue(t);
      return ((await messagesOf(admin.client, conversation.id))[0]?.attachments.length ?? 0) === 1;
    }, 20_000);
    const [arrived] = await messagesOf(admin.client, conversation.id);
    expect(arrived).toMatchObject({
      id: first?.id,
      text: "Төлбөрийн баримт",
      attachments: [expect.objectContaining({ mime: "application/pdf", size: pdf.length })],
    });
    const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${conversation.id}/events?after=0`)).body.items;
    expect(events.filter((e) => e.type === "message.updated")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ message_id: first?.id, text: "Төлбөрийн баримт" }) }),
    ]);
  });

  it("sends a rating request to the Messenger customer as a link to the rating page", async () => {
    const { admin, page } = await connectPage();
    const psid = graph.addCustomer();
    await graph.callback([{ page, items: [textItem(page, psid, "Баярлалаа", unique("m_"))] }]);
    const conversation = await conversationOf(admin.client, "Баярлалаа");
    const requested = await admin.client.post<{ url: string }>(`/api/interactions/${conversation.id}/rating-request`, {});
    expect(requested.body.url).toContain("/servicerate/");
    await until(async () => graph.sent.some((s) => s.body.recipient.id === psid && String(s.body.message.text).includes(requested.body.url)));
    expect(graph.sent.find((s) => String(s.body.message.text).includes(requested.body.url))?.body.message.text).toBe(
      `Манай үйлчилгээг үнэлнэ үү: ${requested.body.url}`,
    );
    const rating = await fetch(`${t.url}/api/public/servicerate/${requested.body.url.split("/servicerate/")[1] ?? ""}`);
    expect(rating.status).toBe(200);
  });
});
