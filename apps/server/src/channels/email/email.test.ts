import { randomBytes } from "node:crypto";
import {
  CSRF_COOKIE,
  SESSION_COOKIE,
  type EmailChannelView,
  type EmailDraftView,
  type EmailMessageView,
  type InteractionView,
  type MessageView,
  type VirtualAgentView,
} from "@holboo/core";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, unique } from "../../../test/factories.ts";
import { dovecotMissing } from "../../../test/dovecot.ts";
import { rawMail, startMailWorld, type MailWorld } from "../../../test/mail-world.ts";
import { until } from "../../../test/sockets.ts";
import { connectedMailbox as connectedMailboxOf, conversations, messagesOf, waitForConversation } from "../../../test/mail-inbox.ts";

const missing = dovecotMissing();
if (missing) console.warn(missing);

const READERS = {
  LOG_LEVEL: process.env.EMAIL_TEST_LOG ?? "silent",
  EMAIL_READERS: "true",
  EMAIL_SCAN_SECONDS: "0.3",
  EMAIL_POLL_SECONDS: "1",
  // Dovecot and the SMTP server listen on this machine.
  EMAIL_ALLOW_PRIVATE: "true",
};
const KEY = randomBytes(32).toString("hex");

let t: TestApp;
let world: MailWorld;
beforeAll(async () => {
  if (missing) return;
  world = await startMailWorld();
  t = await startTestApp({ ...READERS, HOLBOO_SECRET_KEY: KEY });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await world?.stop();
});

const connectedMailbox = (admin?: { client: Client }) => connectedMailboxOf(t, world, admin);

describe.skipIf(missing)("e-mail channel with real IMAP (Dovecot) and SMTP servers", () => {
  it("tells wrong credentials from a server it cannot reach, and stores nothing", async () => {
    const admin = await companyAdmin(t);
    const box = await world.mailbox();
    const wrong = await admin.client.post("/api/email-channels", { ...box.input, password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe("email_credentials_invalid");
    expect(fieldCode(wrong, "password")).toBe("email_credentials_invalid");
    // Each waits out the connection time (connect.test.ts), so both at once.
    const [unreachable, smtpDown] = await Promise.all([
      admin.client.post("/api/email-channels", { ...box.input, imap_port: 1 }),
      admin.client.post("/api/email-channels", { ...box.input, smtp_port: 1 }),
    ]);
    expect(unreachable.status).toBe(502);
    expect(errorCode(unreachable)).toBe("email_connection_failed");
    expect(errorCode(smtpDown)).toBe("email_connection_failed");
    expect(fieldCode(smtpDown, "smtp_host"), JSON.stringify(smtpDown.body)).toBe("email_connection_failed");
    const noPassword = await admin.client.post("/api/email-channels", { ...box.input, password: "" });
    expect(errorCode(noPassword)).toBe("email_password_required");
    const list = await admin.client.get<{ items: EmailChannelView[] }>(`/api/company/${admin.me.company_id}/channel/emails`);
    expect(list.body.items).toEqual([]);
  });

  it("connects from now: mail already in the mailbox is not imported, new mail starts a conversation titled by its subject", async () => {
    const admin = await companyAdmin(t);
    const box = await world.mailbox();
    const customer = await world.customer();
    const old = `Хуучин захидал ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Old", text: old }).raw);
    const created = await admin.client.post<EmailChannelView>("/api/email-channels", box.input);
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain(box.password);
    const list = await admin.client.get<{ items: EmailChannelView[] }>(`/api/company/${admin.me.company_id}/channel/emails`);
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, type: "email", address: box.address, imap_tls: "none" })]);
    const text = `Миний захиалга хаана явна? ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Захиалгын асуулт", text }).raw);
    const [conversation] = await waitForConversation(admin.client, text);
    expect(conversation).toMatchObject({ title: "Захиалгын асуулт", channel: { id: created.body.id, type: "email" } });
    const messages = await messagesOf(admin.client, conversation?.id ?? 0);
    expect(messages.map((m) => m.text)).toEqual([text]);
    expect((await conversations(admin.client)).some((c) => c.title === "Old")).toBe(false);
  });

  it("imports the last N days when asked: past mail becomes conversations for people, marked as imported, never answered by the virtual agent", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/me/presence", { presence: "away" });
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const pair = { question: "Хүргэлт хэдэн хоногт ирэх вэ?", variants: ["Хүргэлт хэр удаан вэ"], answer: "Улаанбаатарт 24 цагийн дотор хүргэнэ." };
    expect((await admin.client.post("/api/knowledge/qa", pair)).status).toBe(200);
    const box = await world.mailbox();
    const [past, older, live] = [await world.customer(), await world.customer(), await world.customer()];
    const day = 24 * 3600_000;
    const recent = `Хүргэлт хэдэн хоногт ирэх вэ? ${unique()}`;
    const tooOld = `Хуучин асуулт ${unique()}`;
    await world.imap.append(
      box.address,
      rawMail({ from: past, to: box.address, subject: "Хүргэлт", text: recent }).raw,
      "INBOX",
      new Date(Date.now() - 2 * day),
    );
    await world.imap.append(
      box.address,
      rawMail({ from: older, to: box.address, subject: "Хуучин", text: tooOld }).raw,
      "INBOX",
      new Date(Date.now() - 40 * day),
    );
    const tooMany = await admin.client.post("/api/email-channels", { ...box.input, import_days: 91 });
    expect(fieldCode(tooMany, "import_days")).toBe("invalid_parameters");
    const created = await admin.client.post<EmailChannelView>("/api/email-channels", { ...box.input, import_days: 7, agent_id: agent?.id, agent_active: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const [imported] = await waitForConversation(admin.client, recent);
    expect(imported?.owner_type).not.toBe("ai");
    // Live mail on the same channel is the agent's: it answers, so the agent would have answered the imported mail too.
    const liveText = `Хүргэлт хэдэн хоногт ирэх вэ? ${unique()}`;
    const liveMail = rawMail({ from: live, to: box.address, subject: "Шинэ", text: liveText });
    await world.imap.append(box.address, liveMail.raw);
    const [answered] = await waitForConversation(admin.client, liveText);
    await until(async () => (await messagesOf(admin.client, answered?.id ?? 0)).some((m) => m.is_bot), 10_000);
    // The agent's answer threads under the customer's mail even when it is delivered before the mail is linked.
    let botMail = "";
    await until(async () => Boolean((botMail = (await world.imap.fetchAll(live))[0] ?? "")), 10_000);
    const parsedBotMail = await simpleParser(botMail);
    expect(parsedBotMail.inReplyTo).toBe(liveMail.messageId);
    expect(parsedBotMail.headers.get("auto-submitted")).toBe("auto-replied");
    const importedMessages = await messagesOf(admin.client, imported?.id ?? 0);
    expect(importedMessages.map((m) => [m.text, m.is_bot])).toEqual([[recent, false]]);
    const view = await admin.client.get<EmailMessageView>(`/api/interactions/${imported?.id}/messages/${importedMessages[0]?.id}/email`);
    expect(view.body.imported).toBe(true);
    const liveFirst = (await messagesOf(admin.client, answered?.id ?? 0))[0];
    expect((await admin.client.get<EmailMessageView>(`/api/interactions/${answered?.id}/messages/${liveFirst?.id}/email`)).body.imported).toBe(false);
    const all = await conversations(admin.client);
    expect(all.some((c) => c.title === "Хуучин")).toBe(false);
    expect(all.filter((c) => c.title === "Хүргэлт")).toHaveLength(1);
  });

  it("in 'draft' mode the virtual agent prepares the answer for the person's composer and sends nothing; a person's reply retires the draft", async () => {
    const admin = await companyAdmin(t);
    await admin.client.put("/api/me/presence", { presence: "away" });
    const [agent] = (await admin.client.get<{ items: VirtualAgentView[] }>("/api/company/virtual-agents")).body.items;
    const pair = { question: "Хүргэлт хэдэн хоногт ирэх вэ?", variants: ["Хүргэлт хэр удаан вэ"], answer: "Улаанбаатарт 24 цагийн дотор хүргэнэ." };
    expect((await admin.client.post("/api/knowledge/qa", pair)).status).toBe(200);
    const box = await world.mailbox();
    const customer = await world.customer();
    const wrongMode = await admin.client.post("/api/email-channels", { ...box.input, agent_mode: "shout" });
    expect(fieldCode(wrongMode, "agent_mode")).toBe("invalid_parameters");
    const created = await admin.client.post<EmailChannelView>("/api/email-channels", {
      ...box.input,
      agent_id: agent?.id,
      agent_active: true,
      agent_mode: "draft",
    });
    expect(created.body).toMatchObject({ agent_mode: "draft", agent_active: true });
    await until(async () => (await admin.client.get<EmailChannelView>(`/api/email-channels/${created.body.id}`)).body.state === "connected", 10_000);

    const text = `Хүргэлт хэдэн хоногт ирэх вэ? ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Хүргэлт", text }).raw);
    const [conversation] = await waitForConversation(admin.client, text);
    const id = conversation?.id ?? 0;
    expect(conversation?.owner_type).not.toBe("ai");
    let draft: EmailDraftView["draft"] = null;
    await until(async () => Boolean((draft = (await admin.client.get<EmailDraftView>(`/api/interactions/${id}/email-draft`)).body.draft)), 10_000);
    const [question] = await messagesOf(admin.client, id);
    expect(draft).toMatchObject({ message_id: question?.id, text: pair.answer, sources: [expect.objectContaining({ kind: "qa", title: pair.question })] });
    expect((await messagesOf(admin.client, id)).map((m) => m.is_bot)).toEqual([false]);
    expect((await world.imap.fetchAll(customer)).length).toBe(0);
    const stranger = await companyAdmin(t);
    expect((await stranger.client.get(`/api/interactions/${id}/email-draft`)).status).toBe(404);

    const reply = await admin.client.post<MessageView>(`/api/interactions/${id}/messages`, { text: pair.answer, client_id: unique("c") });
    expect(reply.status).toBe(200);
    expect((await admin.client.get<EmailDraftView>(`/api/interactions/${id}/email-draft`)).body.draft).toBeNull();
    await until(async () => (await world.imap.fetchAll(customer)).length === 1, 10_000);

    // Switched to answering: the agent answers new mail itself.
    const switched = await admin.client.put<EmailChannelView>(`/api/email-channels/${created.body.id}`, {
      ...box.input,
      password: "",
      agent_id: agent?.id,
      agent_active: true,
      agent_mode: "answer",
    });
    expect(switched.body.agent_mode).toBe("answer");
    const other = await world.customer();
    const again = `Хүргэлт хэр удаан вэ ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: other, to: box.address, subject: "Дахиад", text: again }).raw);
    const [answered] = await waitForConversation(admin.client, again);
    await until(async () => (await messagesOf(admin.client, answered?.id ?? 0)).some((m) => m.is_bot && m.text === pair.answer), 10_000);
  });

  it("a reply delivered before its customer's mail is linked (the agent can be that fast) still carries In-Reply-To", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const mail = rawMail({ from: customer, to: box.address, subject: "Яаралтай", text: `Яаралтай асуулт ${unique()}` });
    await world.imap.append(box.address, mail.raw);
    const [conversation] = await waitForConversation(box.client, "Яаралтай асуулт");
    // As the inbound job leaves it between storing the message and linking the mail to it.
    await t.database.pool.query("UPDATE email_messages SET interaction_id = NULL, message_id = NULL WHERE rfc_message_id = $1", [mail.messageId]);
    const reply = await box.client.post<MessageView>(`/api/interactions/${conversation?.id}/messages`, { text: "Одоо шалгая.", client_id: unique("c") });
    expect(reply.status).toBe(200);
    let delivered = "";
    await until(async () => Boolean((delivered = (await world.imap.fetchAll(customer))[0] ?? "")), 10_000);
    expect((await simpleParser(delivered)).inReplyTo).toBe(mail.messageId);
  });

  it("threads replies by In-Reply-To with a mangled subject, by References alone and by the subject token; other mail starts its own", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const first = rawMail({ from: customer, to: box.address, subject: "Буцаалт", text: `Эхний ${unique()}` });
    await world.imap.append(box.address, first.raw);
    const [conversation] = await waitForConversation(box.client, "Эхний");
    const id = conversation?.id ?? 0;
    const second = rawMail({ from: customer, to: box.address, subject: "RE: Fw: буцаалт??", text: `Хоёр дахь ${unique()}`, inReplyTo: first.messageId });
    await world.imap.append(box.address, second.raw);
    const third = rawMail({
      from: customer,
      to: box.address,
      subject: "өөр гарчиг",
      text: `Гурав дахь ${unique()}`,
      references: `<unknown@x.test> ${second.messageId}`,
    });
    await world.imap.append(box.address, third.raw);
    await until(async () => (await messagesOf(box.client, id)).length === 3, 10_000);
    // A person's reply carries the token; a customer answering without headers still lands here by it.
    const reply = await box.client.post<MessageView>(`/api/interactions/${id}/messages`, { text: "Бид шалгаж байна.", client_id: unique("c") });
    expect(reply.status).toBe(200);
    let delivered = "";
    await until(async () => Boolean((delivered = (await world.imap.fetchAll(customer)).find((raw) => raw.includes("In-Reply-To")) ?? "")), 10_000);
    const token = /\[#([a-z0-9]{8})\]/.exec((await simpleParser(delivered)).subject ?? "")?.[1];
    expect(token).toBeTruthy();
    const fourth = rawMail({ from: customer, to: box.address, subject: `Дахин [#${token}]`, text: `Дөрөв дэх ${unique()}` });
    await world.imap.append(box.address, fourth.raw);
    await until(async () => (await messagesOf(box.client, id)).filter((m) => m.direction === "in").length === 4, 10_000);
    const other = `Шинэ асуулт ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Шинэ", text: other }).raw);
    const [separate] = await waitForConversation(box.client, other);
    expect(separate?.id).not.toBe(id);
  });

  it("a reply to a closed conversation starts a new one; the closed one stays closed", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const first = rawMail({ from: customer, to: box.address, subject: "Төлбөр", text: `Төлбөр ${unique()}` });
    await world.imap.append(box.address, first.raw);
    const [conversation] = await waitForConversation(box.client, "Төлбөр");
    expect((await box.client.post(`/api/interactions/${conversation?.id}/close`, {})).status).toBe(200);
    const again = `Дахиад асууя ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Re: Төлбөр", text: again, inReplyTo: first.messageId }).raw);
    const [fresh] = await waitForConversation(box.client, again);
    expect(fresh?.id).not.toBe(conversation?.id);
    expect(fresh?.title).toBe("Төлбөр");
    expect((await box.client.get<InteractionView>(`/api/interactions/${conversation?.id}`)).body.status).toBe("closed");
  });

  it("auto-replies, bounces, bulk mail and the mailbox's own mail start no conversation and get no answer", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const marker = unique("loop");
    const loops = [
      rawMail({ from: customer, to: box.address, subject: "Out of office", text: marker, headers: { "Auto-Submitted": "auto-replied" } }),
      rawMail({ from: `MAILER-DAEMON@mail.test`, to: box.address, subject: "Undelivered Mail Returned to Sender", text: marker }),
      rawMail({ from: customer, to: box.address, subject: "Newsletter", text: marker, headers: { Precedence: "bulk" } }),
      rawMail({ from: box.address, to: box.address, subject: "Ourselves", text: marker }),
    ];
    for (const mail of loops) await world.imap.append(box.address, mail.raw);
    const person = `Хүний захидал ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Асуулт", text: person }).raw);
    // The person's mail came after the loops in the same queue: once it is in, the loops were handled.
    await waitForConversation(box.client, person);
    for (const item of await conversations(box.client)) expect((await messagesOf(box.client, item.id)).some((m) => m.text.includes(marker))).toBe(false);
    expect(world.accepted.some((raw) => raw.includes(marker))).toBe(false);
  });

  it("a person's reply reaches the customer's mailbox with the thread's headers, the signature and the quote, and a copy in Sent", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const question = `Хүргэлт хэзээ ирэх вэ? ${unique()}`;
    const asked = rawMail({ from: customer, to: box.address, subject: "Хүргэлт", text: question });
    await world.imap.append(box.address, asked.raw);
    const [conversation] = await waitForConversation(box.client, question);
    const answer = `Маргааш ирнэ ${unique()}`;
    const sent = await box.client.post<MessageView>(`/api/interactions/${conversation?.id}/messages`, { text: answer, client_id: unique("c") });
    expect(sent.body.status).toBe("sending");
    let raw = "";
    await until(async () => Boolean((raw = (await world.imap.fetchAll(customer)).at(-1) ?? "")), 10_000);
    const mail = await simpleParser(raw);
    expect(mail.inReplyTo).toBe(asked.messageId);
    expect(mail.references).toContain(asked.messageId);
    expect(mail.messageId).toMatch(/^<holboo\.\d+\.\d+@shop\.test>$/);
    expect(mail.subject).toMatch(/^Re: Хүргэлт \[#[a-z0-9]{8}\]$/);
    expect(mail.from?.value[0]?.address).toBe(box.address);
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain("-- \nХүндэтгэсэн, Дэлгүүрийн баг");
    expect(mail.text).toContain(`> ${question}`);
    await until(async () => (await messagesOf(box.client, conversation?.id ?? 0)).find((m) => m.id === sent.body.id)?.status === "sent", 10_000);
    const copies = await world.imap.fetchAll(box.address, "Sent");
    expect(copies.filter((copy) => copy.includes(mail.messageId ?? "none"))).toHaveLength(1);
  });

  it("starts a conversation by e-mail from the inbox: the subject is required and the first mail reaches the customer", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const contact = await box.client.post<{ id: number }>("/api/contacts", { first_name: "Сараа", last_name: "Бат", email: customer, client_id: unique("k") });
    expect(contact.status).toBe(200);
    const start = { contact_id: contact.body.id, channel_id: box.channel.id, text: `Таны захиалга бэлэн боллоо ${unique()}` };
    const untitled = await box.client.post("/api/interactions", { ...start, title: "" });
    expect(errorCode(untitled)).toBe("interaction_title_required");
    const started = await box.client.post<InteractionView>("/api/interactions", { ...start, title: "Захиалга бэлэн" });
    expect(started.status).toBe(200);
    let raw = "";
    await until(async () => Boolean((raw = (await world.imap.fetchAll(customer)).at(-1) ?? "")), 10_000);
    const mail = await simpleParser(raw);
    expect(mail.subject).toMatch(/^Захиалга бэлэн \[#[a-z0-9]{8}\]$/);
    expect(mail.text).toContain(start.text);
    // The customer's answer threads back into the started conversation.
    const answer = `Баярлалаа ${unique()}`;
    await world.imap.append(
      box.address,
      rawMail({ from: customer, to: box.address, subject: `Re: ${mail.subject}`, text: answer, inReplyTo: mail.messageId }).raw,
    );
    await until(async () => (await messagesOf(box.client, started.body.id)).some((m) => m.text === answer), 10_000);
  });

  it("shows a mail's HTML sanitised, remote images held back until asked, the quoted history folded", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const text = `HTML захидал ${unique()}`;
    const html = `<p>${text}</p><script>alert(1)</script><img src="https://tracker.test/p.gif"><a href="javascript:alert(2)">x</a><blockquote type="cite">Өмнөх захидал</blockquote>`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "HTML", text: `${text}\n\n> Өмнөх захидал`, html }).raw);
    const [conversation] = await waitForConversation(box.client, text);
    const [message] = await messagesOf(box.client, conversation?.id ?? 0);
    expect(message?.text).toBe(text);
    const view = await box.client.get<EmailMessageView>(`/api/interactions/${conversation?.id}/messages/${message?.id}/email`);
    expect(view.body).toMatchObject({ subject: "HTML" });
    expect(view.body.html).toContain(text);
    expect(view.body.html).not.toContain("<script");
    expect(view.body.html).not.toContain("javascript:");
    expect(view.body.html).not.toMatch(/\ssrc="https:\/\/tracker/);
    expect(view.body.html).toContain('data-remote-src="https://tracker.test/p.gif"');
    expect(view.body.remote_images_blocked).toBe(1);
    expect(view.body.quoted_html).toContain("Өмнөх захидал");
    const shown = await box.client.get<EmailMessageView>(`/api/interactions/${conversation?.id}/messages/${message?.id}/email?images=1`);
    expect(shown.body.html).toContain('src="https://tracker.test/p.gif"');
  });

  it("keeps one company's mailboxes and mail from another", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const text = `Нууц ${unique()}`;
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: "Нууц", text }).raw);
    const [conversation] = await waitForConversation(box.client, text);
    const [message] = await messagesOf(box.client, conversation?.id ?? 0);
    const stranger = await companyAdmin(t);
    expect((await stranger.client.get(`/api/email-channels/${box.channel.id}`)).status).toBe(404);
    expect((await stranger.client.put(`/api/email-channels/${box.channel.id}`, box.input)).status).toBe(404);
    expect((await stranger.client.get(`/api/interactions/${conversation?.id}/messages/${message?.id}/email`)).status).toBe(404);
    const ownList = await stranger.client.get<{ items: EmailChannelView[] }>(`/api/company/${stranger.me.company_id}/channel/emails`);
    expect(ownList.body.items).toEqual([]);
    const otherList = await stranger.client.get(`/api/company/${(await box.client.get<{ company_id: number }>("/api/me")).body.company_id}/channel/emails`);
    expect(otherList.status).toBe(404);
  });

  it("a restart in the middle of a sync loses and repeats nothing", async () => {
    const box = await connectedMailbox();
    const customer = await world.customer();
    const marker = unique("bulk");
    for (let i = 0; i < 40; i += 1)
      await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: `${marker} ${i}`, text: `${marker} #${i}` }).raw);
    // Stop the app once some, not all, of the mail is stored; a new process goes on from the stored position.
    await until(async () => (await conversations(box.client)).some((c) => c.title.startsWith(marker)), 10_000);
    await t.restart();
    // The same browser on the restarted server: the session lives in the database.
    const client = new Client(t.url);
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) client.setCookie(name, box.client.cookie(name) ?? "");
    const counts = async () =>
      (
        await t.database.pool.query<{ conversations: number; titles: number; messages: number }>(
          `SELECT count(DISTINCT i.id)::int AS conversations, count(DISTINCT i.title)::int AS titles, count(m.id)::int AS messages
           FROM interactions i JOIN messages m ON m.interaction_id = i.id WHERE i.channel_id = $1`,
          [box.channel.id],
        )
      ).rows[0];
    await until(async () => (await counts())?.messages === 40, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await counts()).toEqual({ conversations: 40, titles: 40, messages: 40 });
    expect((await conversations(client)).length).toBeGreaterThan(0);
  }, 120_000);
});
