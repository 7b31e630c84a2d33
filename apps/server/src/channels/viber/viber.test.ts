import type { InteractionEventView, InteractionView, MessageView, ViberChannelView, VirtualAgentView } from "@holboo/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import { describeChannelConformance, describeDocumentedCases } from "../../../test/channel-conformance.ts";
import { VIBER_DOC_CASES, type ViberDocCase } from "../../../test/fixtures/viber-docs.ts";
import { startFakeViber, type FakeBot, type FakeViber } from "../../../test/fake-viber.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { until } from "../../../test/sockets.ts";
import { countEvents } from "../provider-events.repo.ts";

/** Three pairs on one topic, told apart by the word that decides (price, days, area). */
const DELIVERY = [
  {
    question: "Хүргэлтийн үнэ хэд вэ?",
    variants: ["Хүргэлт хэдэн төгрөг вэ", "Хүргэлт үнэгүй юу"],
    answer: "Хүргэлт 5,000₮, 50,000₮-өөс дээш захиалгад үнэгүй.",
  },
  {
    question: "Хүргэлт хэдэн хоногт ирэх вэ?",
    variants: ["Хүргэлт хэр удаан вэ", "Хэзээ хүргэж өгөх вэ"],
    answer: "Улаанбаатарт 24 цагийн дотор, орон нутагт 3-5 хоногт хүргэнэ.",
  },
  { question: "Хүргэлт хаана хийдэг вэ?", variants: ["Орон нутагт хүргэдэг үү", "Аймаг руу хүргэх үү"], answer: "Бүх аймгийн төв рүү хүргэнэ." },
];

const PUBLIC_URL = "http://holboo.example";
let t: TestApp;
let viber: FakeViber;
beforeAll(async () => {
  viber = await startFakeViber();
  t = await startTestApp({ VIBER_API_URL: viber.url, PUBLIC_URL });
  viber.routeTo(PUBLIC_URL, t.url);
});
afterAll(async () => {
  await t.close();
  await viber.close();
});

/** Viber's message tokens are 64-bit integers (19 digits); a test's event id maps to one, so a redelivery carries the same. */
const tokenOf = (eventId: string) => 5_700_000_000_000_000_000n + BigInt(`0x${eventId.replace(/[^0-9a-f]/g, "").slice(-12) || "1"}`);

async function connectBot(welcome = "") {
  const admin = await companyAdmin(t);
  const bot = viber.addBot(`Shop ${unique()}`.slice(0, 20));
  const connected = await admin.client.post<ViberChannelView>("/api/viber-channels", { name: "Viber", token: bot.token, welcome });
  expect(connected.status).toBe(200);
  return { admin, bot, channel: connected.body };
}

function customer(bot: FakeBot, name = "Болд Бат") {
  const id = `${unique("u")}==`;
  return {
    id,
    says: (text: string, eventId = unique("ev-"), extra: Record<string, unknown> = {}) =>
      viber.callback(bot, {
        event: "message",
        message_token: tokenOf(eventId),
        sender: { id, name, avatar: "https://media.viber.test/u.jpg", language: "mn", country: "MN", api_version: 10 },
        message: { type: "text", text, ...extra },
      }),
  };
}

async function conversationOf(staff: Client, preview: string) {
  let found: InteractionView | undefined;
  await until(async () => {
    const list = await staff.get<{ items: InteractionView[] }>("/api/interactions?status=open&limit=100");
    found = list.body.items.find((item) => item.last_message_preview === preview);
    return Boolean(found);
  });
  return found as InteractionView;
}

const messagesOf = async (staff: Client, id: number) => (await staff.get<{ items: MessageView[] }>(`/api/interactions/${id}/messages`)).body.items;

describeChannelConformance(
  {
    name: "Viber",
    live: false,
    async connect() {
      const { admin, bot } = await connectBot();
      const person = customer(bot);
      return {
        staff: admin.client,
        customerSends: (text, eventId) => person.says(text, eventId),
        forged: (text) =>
          viber.callback(
            bot,
            { event: "message", message_token: 1, sender: { id: person.id, name: "X" }, message: { type: "text", text } },
            { signWith: "someone-elses-token" },
          ),
        handedOver: () => viber.sent.filter((m) => m.token === bot.token && m.body.type === "text").map((m) => String(m.body.text)),
        failNext: (kind) => viber.failNext(kind),
      };
    },
  },
  () => t,
);

/** A documented callback sent to a bot of its own, after what it needs (a conversation, a reply, an unsubscription). */
async function runDocumented(example: ViberDocCase) {
  const { admin, bot, channel } = await connectBot("Тавтай морил!");
  const userId = "01234567890A=";
  const message = (text: string) =>
    viber.callback(bot, {
      event: "message",
      message_token: tokenOf(unique("ev-")),
      sender: { id: userId, name: "John McClane" },
      message: { type: "text", text },
    });
  let replyToken = 0n;
  let replyId = 0;
  let conversationId = 0;
  if (example.before) {
    const opening = `Сайн уу ${unique()}`;
    await message(opening);
    conversationId = (await conversationOf(admin.client, opening)).id;
    const text = `Хариу ${unique()}`;
    replyId = (await admin.client.post<MessageView>(`/api/interactions/${conversationId}/messages`, { client_id: unique("r-"), text })).body.id;
    await until(async () => (await messagesOf(admin.client, conversationId)).find((m) => m.id === replyId)?.status === "sent");
    replyToken = BigInt(viber.sent.find((m) => m.body.text === text)?.messageToken ?? "0");
    if (example.before === "unsubscribed") {
      await t.database.db.execute(sql`update contact_identities set unsubscribed_at = now() where channel_id = ${channel.id} and external_id = ${userId}`);
    }
  }
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 9)]);
  const media = (type: "picture" | "video" | "file") =>
    type === "picture"
      ? viber.hostMedia(`${unique()}.png`, "image/png", png)
      : type === "file"
        ? viber.hostMedia(`${unique()}.pdf`, "application/pdf", Buffer.from("%PDF-1.4 documented"))
        : viber.hostMedia(`${unique()}.mp4`, "video/mp4", Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]));
  const answer = await viber.callback(bot, example.callback({ media, reply: { token: replyToken, userId } }));
  const wanted = example.expect;
  const effect = async () => {
    if ("answered" in wanted) return;
    if ("welcome" in wanted) return expect(answer.body).toMatchObject({ type: "text", text: "Тавтай морил!" });
    if ("unsubscribed" in wanted) {
      return until(async () => {
        const rows = await t.database.db.execute<{ at: string | null }>(
          sql`select unsubscribed_at as at from contact_identities where channel_id = ${channel.id} and external_id = ${userId}`,
        );
        return Boolean(rows.rows[0]?.at) === wanted.unsubscribed;
      });
    }
    if ("status" in wanted) return until(async () => (await messagesOf(admin.client, conversationId)).find((m) => m.id === replyId)?.status === wanted.status);
    await until(async () => {
      const list = await admin.client.get<{ items: InteractionView[] }>("/api/interactions?status=open&limit=10");
      const found = list.body.items[0];
      if (!found) return false;
      return (await messagesOf(admin.client, found.id)).some(
        (m) =>
          m.direction === "in" &&
          (!wanted.message.text || m.text.includes(wanted.message.text)) &&
          (!wanted.message.attachment || m.attachments.some((file) => file.mime.startsWith(wanted.message.attachment ?? ""))),
      );
    });
  };
  return { answer, effect: example.outcome === "handled" ? effect : undefined };
}

describeDocumentedCases("Viber", () =>
  VIBER_DOC_CASES.map((example) => ({
    label: `${example.event}: ${example.name}`,
    source: example.source,
    outcome: example.outcome,
    run: () => runDocumented(example),
  })),
);

describe("Viber", () => {
  it("connects a bot by its token: the account is checked, the webhook set with the handled events, the token never shown", async () => {
    const admin = await companyAdmin(t);
    const wrong = await admin.client.post("/api/viber-channels", { name: "Viber", token: "not-a-viber-token" });
    expect([wrong.status, errorCode(wrong)]).toEqual([400, "viber_token_invalid"]);
    const channels = await admin.client.get<{ items: unknown[] }>(`/api/company/${admin.me.company_id}/channel`);
    expect(channels.body.items).toHaveLength(0);

    const bot = viber.addBot("Holboo Shop");
    const connected = await admin.client.post<ViberChannelView>("/api/viber-channels", { name: "Viber", token: bot.token, welcome: "Сайн байна уу!" });
    expect(connected.body).toMatchObject({ type: "viber", bot_name: "Holboo Shop", welcome: "Сайн байна уу!", awaiting_approval: false, active: true });
    expect(bot.webhook).toMatch(new RegExp(`^${PUBLIC_URL}/webhooks/viber/[A-Za-z0-9_-]{20,}$`));
    expect(bot.eventTypes).toEqual(expect.arrayContaining(["message", "subscribed", "unsubscribed", "conversation_started", "delivered", "seen", "failed"]));
    expect(JSON.stringify(connected.body)).not.toContain(bot.token);
    const again = await (await companyAdmin(t)).client.post("/api/viber-channels", { name: "Viber", token: bot.token });
    expect(errorCode(again)).toBe("channel_already_connected");
    expect(viber.violations).toEqual([]);
  });

  it("answers conversation_started with the channel's welcome under the bot's name", async () => {
    const { bot } = await connectBot("Тавтай морил! Асуултаа бичнэ үү.");
    const opened = await viber.callback(bot, {
      event: "conversation_started",
      message_token: 77,
      type: "open",
      user: { id: "u1==", name: "Сараа" },
      subscribed: false,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ type: "text", text: "Тавтай морил! Асуултаа бичнэ үү.", sender: { name: bot.name } });
  });

  it("sends a person's reply under the bot's name and avatar, and records seen and failed receipts", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    await person.says("Хүргэлт хэзээ ирэх вэ");
    const conversation = await conversationOf(admin.client, "Хүргэлт хэзээ ирэх вэ");
    const reply = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Маргааш ирнэ" });
    await until(async () => viber.sent.some((m) => m.body.text === "Маргааш ирнэ"));
    const sent = viber.sent.find((m) => m.body.text === "Маргааш ирнэ");
    expect(sent?.body).toMatchObject({ receiver: person.id, type: "text", sender: { name: bot.name, avatar: "https://media.viber.test/icon.jpg" } });
    const statusOf = async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === reply.body.id)?.status;
    await until(async () => (await statusOf()) === "sent");
    // Viber's token has 19 digits: the receipts name it exactly, and only the exact one matches.
    const seenToken = BigInt(sent?.messageToken ?? "0");
    expect(seenToken).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect((await viber.callback(bot, { event: "seen", message_token: seenToken + 1n, user_id: person.id })).status).toBe(200);
    expect((await viber.callback(bot, { event: "delivered", message_token: seenToken, user_id: person.id })).status).toBe(200);
    await until(async () => (await statusOf()) === "delivered");
    expect((await viber.callback(bot, { event: "seen", message_token: seenToken, user_id: person.id })).status).toBe(200);
    await until(async () => (await statusOf()) === "seen");
    const events = (await admin.client.get<{ items: InteractionEventView[] }>(`/api/interactions/${conversation.id}/events?after=0`)).body.items;
    expect(events.filter((e) => e.type === "message.status").map((e) => e.payload.status)).toEqual(["sent", "delivered", "seen"]);

    const second = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Өөр асуулт?" });
    await until(async () => viber.sent.some((m) => m.body.text === "Өөр асуулт?"));
    const failedToken = BigInt(viber.sent.find((m) => m.body.text === "Өөр асуулт?")?.messageToken ?? "0");
    await until(async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === second.body.id)?.status === "sent");
    await viber.callback(bot, { event: "failed", message_token: failedToken, user_id: person.id, desc: "failed on device" });
    await until(async () => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === second.body.id)?.status === "retry");
    expect(viber.violations).toEqual([]);
  });

  it("keeps two messages whose 19-digit tokens a JavaScript number cannot tell apart, and stores each token exactly", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    // 5741311803571721087 and …088 are the same number once read by JSON.parse: the second looked like a redelivery.
    expect(Number("5741311803571721087")).toBe(Number("5741311803571721088"));
    const send = (text: string, token: bigint) =>
      viber.callback(bot, { event: "message", message_token: token, sender: { id: person.id, name: "Болд" }, message: { type: "text", text } });
    expect((await send("Эхний мессеж", 5_741_311_803_571_721_087n)).status).toBe(200);
    expect((await send("Хоёр дахь мессеж", 5_741_311_803_571_721_088n)).status).toBe(200);
    const conversation = await conversationOf(admin.client, "Хоёр дахь мессеж");
    expect((await messagesOf(admin.client, conversation.id)).map((m) => m.text).reverse()).toEqual(["Эхний мессеж", "Хоёр дахь мессеж"]);
    const rows = await t.database.db.execute<{ id: string }>(
      sql`select provider_message_id as id from messages where interaction_id = ${conversation.id} order by seq`,
    );
    expect(rows.rows.map((row) => row.id)).toEqual(["viber:5741311803571721087", "viber:5741311803571721088"]);
  });

  it("takes a sticker whose sticker_id is a string, as Viber's docs show it, or a number, as its SDKs send it", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    await person.says("Стикер явуулъя");
    const conversation = await conversationOf(admin.client, "Стикер явуулъя");
    expect((await person.says("", unique("ev-"), { type: "sticker", sticker_id: "40129" })).status).toBe(200);
    expect((await person.says("", unique("ev-"), { type: "sticker", sticker_id: 40133 })).status).toBe(200);
    await until(async () => (await messagesOf(admin.client, conversation.id)).length === 3);
    expect((await messagesOf(admin.client, conversation.id)).map((m) => m.text).reverse()).toEqual(["Стикер явуулъя", "🖼 Sticker 40129", "🖼 Sticker 40133"]);
  });

  it("refuses replies to a customer who unsubscribed, until they write again", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    await person.says("Сайн уу");
    const conversation = await conversationOf(admin.client, "Сайн уу");
    await viber.callback(bot, { event: "unsubscribed", message_token: 9, user_id: person.id });
    await until(async () => {
      const rows = await t.database.db.execute<{ at: string | null }>(
        sql`select unsubscribed_at as at from contact_identities where external_id = ${person.id}`,
      );
      return Boolean(rows.rows[0]?.at);
    });
    const refused = await admin.client.post(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Байна уу?" });
    expect([refused.status, errorCode(refused)]).toEqual([409, "contact_unsubscribed"]);
    expect(viber.sent.some((m) => m.body.text === "Байна уу?")).toBe(false);
    await person.says("Дахиад би");
    await until(
      async () => (await admin.client.post(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Сонсож байна" })).status === 200,
    );
    await until(async () => viber.sent.some((m) => m.body.text === "Сонсож байна"));
  });

  it("stores a customer's picture as an attachment, an oversized file as a link with a note, and shows location, contact and sticker", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const picture = viber.hostMedia(`${unique()}.png`, "image/png", png);
    await person.says("Энэ бараа байгаа юу", unique("ev-"), { type: "picture", media: picture, file_name: "bараа.png", size: png.length });
    const conversation = await conversationOf(admin.client, "Энэ бараа байгаа юу");
    const [withPicture] = await messagesOf(admin.client, conversation.id);
    expect(withPicture?.text).toBe("Энэ бараа байгаа юу");
    expect(withPicture?.attachments).toEqual([expect.objectContaining({ mime: "image/png", size: png.length })]);

    const big = viber.hostMedia(`${unique()}.pdf`, "application/pdf", Buffer.concat([Buffer.from("%PDF-1.4 "), Buffer.alloc(1024 * 1024 + 100, 65)]));
    await person.says("", unique("ev-"), { type: "file", media: big, file_name: "catalog.pdf", size: 1024 * 1024 + 109 });
    await person.says("", unique("ev-"), { type: "location", location: { lat: 47.918, lon: 106.917 } });
    await person.says("", unique("ev-"), { type: "contact", contact: { name: "Дорж", phone_number: "+97699112233" } });
    await person.says("", unique("ev-"), { type: "sticker", sticker_id: 40100, media: "https://media.viber.test/sticker.png" });
    let texts: string[] = [];
    // The history lists the newest first.
    await until(async () => (texts = (await messagesOf(admin.client, conversation.id)).map((m) => m.text).reverse()).length === 5);
    expect(texts[1]).toContain(big);
    expect(texts[1]).toContain("холбоосоор");
    expect(texts[2]).toContain("47.918, 106.917");
    expect(texts[3]).toBe("👤 Дорж +97699112233");
    expect(texts[4]).toContain("Sticker");
  });

  it("sends a reply's picture and file by a public link Viber can download, and nothing else is reachable", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    await person.says("Үнийн санал явуулаач");
    const conversation = await conversationOf(admin.client, "Үнийн санал явуулаач");
    const upload = async (name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append("file", new Blob([data]), name);
      return (await admin.client.request<{ file_id: string }>("POST", "/api/attachments", undefined, { raw: form })).body.file_id;
    };
    const png = await upload("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(32).fill(2)]));
    const pdf = await upload("offer.pdf", new TextEncoder().encode("%PDF-1.4 offer"));
    await admin.client.post(`/api/interactions/${conversation.id}/messages`, { client_id: unique("r-"), text: "Энд байна", attachment_ids: [png, pdf] });
    await until(async () => viber.sent.filter((m) => m.token === bot.token).length === 3);
    const [text, picture, file] = viber.sent.filter((m) => m.token === bot.token);
    expect(text?.body).toMatchObject({ type: "text", text: "Энд байна" });
    expect(picture).toMatchObject({ body: { type: "picture" }, media: { status: 200, type: "image/png" } });
    expect(file).toMatchObject({ body: { type: "file", file_name: "offer.pdf", size: 14 }, media: { status: 200, type: "application/pdf", size: 14 } });
    const forgedLink = String(picture?.body.media)
      .replace(/[0-9a-f]{64}$/, "0".repeat(64))
      .replace(PUBLIC_URL, t.url);
    expect((await fetch(forgedLink)).status).toBe(404);
  });

  it("never sends a part of a reply twice when a later part failed and the reply is tried again", async () => {
    const { admin, bot } = await connectBot();
    const person = customer(bot);
    await person.says("Зураг явуулаач");
    const conversation = await conversationOf(admin.client, "Зураг явуулаач");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(32).fill(2)])]), "logo.png");
    const png = (await admin.client.request<{ file_id: string }>("POST", "/api/attachments", undefined, { raw: form })).body.file_id;
    const partsOf = (id: number) => viber.sent.filter((m) => m.token === bot.token && m.body.tracking_data === `holboo:${id}`).map((m) => m.body.type);
    const statusOf = async (id: number) => (await messagesOf(admin.client, conversation.id)).find((m) => m.id === id)?.status;
    // Viber is down for the picture: the retry sends the picture only.
    viber.failNext("pass");
    viber.failNext("temporary");
    const first = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, {
      client_id: unique("r-"),
      text: "Энэ",
      attachment_ids: [png],
    });
    await until(async () => {
      await makeWaitingJobsDue(t);
      return (await statusOf(first.body.id)) === "sent";
    }, 20_000);
    expect(partsOf(first.body.id)).toEqual(["text", "picture"]);
    // Refused at the picture: Retry on the bubble sends the picture, not the text again.
    viber.failNext("pass");
    viber.failNext("permanent");
    const clientId = unique("r-");
    const second = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, {
      client_id: clientId,
      text: "Дахин",
      attachment_ids: [png],
    });
    await until(async () => (await statusOf(second.body.id)) === "retry");
    await admin.client.post(`/api/interactions/${conversation.id}/messages`, { client_id: clientId, text: "Дахин", attachment_ids: [png] });
    await until(async () => (await statusOf(second.body.id)) === "sent");
    expect(partsOf(second.body.id)).toEqual(["text", "picture"]);
    expect(viber.violations).toEqual([]);
  });

  it("lets the virtual agent answer, offers its clarifying choices as keyboard buttons, and a tap picks one", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/me/presence", { presence: "away" });
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const bot = viber.addBot("Agent Shop");
    const connected = await admin.client.post<ViberChannelView>("/api/viber-channels", {
      name: "Viber",
      token: bot.token,
      agent_id: agent?.id,
      agent_active: true,
    });
    expect(connected.body.agent_active).toBe(true);
    for (const pair of DELIVERY) expect((await admin.client.post("/api/knowledge/qa", pair)).status).toBe(200);
    const person = customer(bot);
    const toBot = () => viber.sent.filter((m) => m.token === bot.token);
    await person.says("Хүргэлт хэд хоног вэ?");
    await until(async () => toBot().length === 1);
    expect(toBot()[0]?.body).toMatchObject({ type: "text", text: DELIVERY[1]?.answer });
    expect(toBot()[0]?.body.keyboard).toBeUndefined();
    await person.says("Хүргэлтийн даатгал хэд вэ?");
    await until(async () => toBot().length === 2);
    expect(toBot()[1]?.body.text).toContain("1. ");
    const keyboard = toBot()[1]?.body.keyboard as { Buttons: Array<{ ActionType: string; ActionBody: string; Text: string }> };
    expect(keyboard.Buttons.map((b) => [b.ActionType, b.ActionBody])).toEqual(keyboard.Buttons.map((_, i) => ["reply", String(i + 1)]));
    const tapped = keyboard.Buttons.find((b) => b.Text.includes(DELIVERY[2]?.question ?? "-"));
    expect(tapped).toBeDefined();
    await person.says(tapped?.ActionBody ?? "");
    await until(async () => toBot().length === 3);
    expect(toBot()[2]?.body).toMatchObject({ type: "text", text: DELIVERY[2]?.answer });
    expect(viber.violations).toEqual([]);
  });

  it("answers a signed callback that fits no documented shape 200, logged and stored nowhere; an unknown bot 401", async () => {
    const { admin, bot, channel } = await connectBot();
    // Viber would send a refused callback again for an hour: one it cannot fix is answered 200 and skipped.
    const malformed = await viber.callback(bot, {}, { raw: JSON.stringify({ event: "message", timestamp: 1, message_token: 5, sender: { id: "" } }) });
    expect([malformed.status, malformed.body]).toEqual([200, { ok: true, stored: 0, ignored: 0, invalid: 1 }]);
    const unknown = await fetch(`${t.url}/webhooks/viber/${unique("nokey-")}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(unknown.status).toBe(401);
    expect(await countEvents(t.database.db, admin.me.company_id, channel.id)).toBe(0);
  });

  it("keeps a company's Viber channel from every other company, and disconnecting removes the webhook", async () => {
    const { admin, bot, channel } = await connectBot();
    const other = await companyAdmin(t);
    expect((await other.client.get(`/api/viber-channels/${channel.id}`)).status).toBe(404);
    const edit = { name: "Mine now", description: "", welcome: "", awaiting_approval: false, agent_id: null, agent_active: false };
    expect((await other.client.put(`/api/viber-channels/${channel.id}`, edit)).status).toBe(404);
    expect((await other.client.del(`/api/channels/${channel.id}`)).status).toBe(404);
    expect(bot.webhook).not.toBeNull();
    const updated = await admin.client.put<ViberChannelView>(`/api/viber-channels/${channel.id}`, { ...edit, name: "Viber bot", awaiting_approval: true });
    expect(updated.body).toMatchObject({ name: "Viber bot", awaiting_approval: true });
    expect((await admin.client.del(`/api/channels/${channel.id}`)).status).toBe(200);
    expect(bot.webhook).toBeNull();
  });
});
