import { randomBytes } from "node:crypto";
import type { MessageView } from "@holboo/core";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { unique } from "../../../test/factories.ts";
import { dovecotMissing } from "../../../test/dovecot.ts";
import { makeWaitingJobsDue } from "../../../test/jobs.ts";
import { connectedMailbox, messagesOf, waitForConversation } from "../../../test/mail-inbox.ts";
import { rawMail, startMailWorld, type MailWorld } from "../../../test/mail-world.ts";
import { until } from "../../../test/sockets.ts";

const missing = dovecotMissing();

let t: TestApp;
let world: MailWorld;
const worlds: MailWorld[] = [];
beforeAll(async () => {
  if (missing) return;
  world = await startMailWorld();
  t = await startTestApp({
    LOG_LEVEL: process.env.EMAIL_TEST_LOG ?? "silent",
    EMAIL_READERS: "true",
    EMAIL_SCAN_SECONDS: "0.3",
    EMAIL_POLL_SECONDS: "1",
    EMAIL_ALLOW_PRIVATE: "true",
    HOLBOO_SECRET_KEY: randomBytes(32).toString("hex"),
  });
}, 30_000);
afterAll(async () => {
  await t?.close();
  for (const other of worlds) await other.stop();
  await world?.stop();
});

/** A conversation started by a customer's mail, and the way to answer it as a person. */
async function conversationWith(on: MailWorld) {
  const box = await connectedMailbox(t, on);
  const customer = await on.customer();
  const first = rawMail({ from: customer, to: box.address, subject: "Захиалга", text: `Захиалга хаана явна? ${unique()}` });
  await on.imap.append(box.address, first.raw);
  const [conversation] = await waitForConversation(box.client, "Захиалга хаана явна?");
  const id = conversation?.id ?? 0;
  const reply = async (text: string) => {
    const sent = await box.client.post<MessageView>(`/api/interactions/${id}/messages`, { text, client_id: unique("c") });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await until(async () => (await messagesOf(box.client, id)).find((m) => m.id === sent.body.id)?.status === "sent", 15_000);
    return sent.body;
  };
  /** The mails the customer received, parsed, oldest first. */
  const received = async () => Promise.all((await on.imap.fetchAll(customer)).map((raw) => simpleParser(raw)));
  return { box, customer, first, id, reply, received };
}

describe.skipIf(missing)("e-mail replies", () => {
  it("a person's reply names the customer's latest mail in In-Reply-To, not our own earlier reply; References carries the chain", async () => {
    const talk = await conversationWith(world);
    await talk.reply("Шалгаж байна.");
    let [ours] = await talk.received();
    // The customer answers our reply, as a mail program does.
    const second = rawMail({
      from: talk.customer,
      to: talk.box.address,
      subject: `Re: ${ours?.subject}`,
      text: `Хэзээ ирэх вэ? ${unique()}`,
      inReplyTo: ours?.messageId,
      references: `${talk.first.messageId} ${ours?.messageId}`,
    });
    await world.imap.append(talk.box.address, second.raw);
    await until(async () => (await messagesOf(talk.box.client, talk.id)).filter((m) => m.direction === "in").length === 2, 10_000);
    // Two answers in a row: the second still answers the customer's mail, not the first answer.
    await talk.reply("Маргааш ирнэ.");
    await talk.reply("Хүргэлтийн дугаар: 42.");
    const mails = await talk.received();
    expect(mails).toHaveLength(3);
    [, ours] = mails;
    const last = mails[2];
    expect(ours?.inReplyTo).toBe(second.messageId);
    expect(last?.inReplyTo).toBe(second.messageId);
    const references = [last?.references ?? []].flat();
    expect(references.at(-1)).toBe(second.messageId);
    expect(references).toEqual(expect.arrayContaining([talk.first.messageId, mails[0]?.messageId, ours?.messageId]));
  });

  it("copies a reply to the folder the server marks \\Sent, whatever its name", async () => {
    const named = await startMailWorld({ sentFolder: "Илгээсэн" });
    worlds.push(named);
    const talk = await conversationWith(named);
    await talk.reply("Илгээсэн хавтсанд хадгалагдана.");
    const [mail] = await talk.received();
    await until(async () => (await named.imap.fetchAll(talk.box.address, "Илгээсэн")).some((raw) => raw.includes(`Message-ID: ${mail?.messageId}`)), 10_000);
    expect((await named.imap.folders(talk.box.address)).map((folder) => folder.path)).not.toContain("Sent");
  });

  it("creates the Sent folder once when the mailbox has none, and copies every reply there", async () => {
    const bare = await startMailWorld({ sentFolder: null });
    worlds.push(bare);
    const talk = await conversationWith(bare);
    expect((await bare.imap.folders(talk.box.address)).some((folder) => folder.specialUse === "\\Sent")).toBe(false);
    await talk.reply("Эхний хариу.");
    await talk.reply("Хоёр дахь хариу.");
    const mails = await talk.received();
    const copies = async () => bare.imap.fetchAll(talk.box.address, "Sent").catch(() => [] as string[]);
    await until(async () => (await copies()).length === 2, 10_000);
    for (const mail of mails) expect((await copies()).filter((raw) => raw.includes(`Message-ID: ${mail.messageId}`))).toHaveLength(1);
    expect((await bare.imap.folders(talk.box.address)).filter((folder) => folder.specialUse === "\\Sent").map((folder) => folder.path)).toEqual(["Sent"]);
  });

  it("a reply the SMTP server accepted is never sent again, even when marking it sent fails (its id is another message's)", async () => {
    const talk = await conversationWith(world);
    const [question] = await messagesOf(talk.box.client, talk.id);
    world.sends.hold();
    const sent = await talk.box.client.post<MessageView>(`/api/interactions/${talk.id}/messages`, { text: "Нэг л удаа.", client_id: unique("c") });
    expect(sent.status).toBe(200);
    const companyId = (await talk.box.client.get<{ company_id: number }>("/api/me")).body.company_id;
    const rfcMessageId = `<holboo.${companyId}.${sent.body.id}@shop.test>`;
    // The unique index on provider ids: the customer's message already holds the id the reply will get.
    await t.database.pool.query("UPDATE messages SET provider_message_id = $1 WHERE id = $2", [rfcMessageId, question?.id]);
    await until(() => world.sends.waiting() === 1, 10_000);
    world.sends.release();
    const job = async () =>
      (
        await t.database.pool.query(`SELECT id FROM ${t.config.JOBS_SCHEMA}._private_jobs WHERE key = $1`, [`deliver:${sent.body.id}`]).catch(() => ({
          rows: [{}],
        }))
      ).rows.length;
    // Retries are made due at once: a job that would send again has every chance to.
    await until(async () => {
      await makeWaitingJobsDue(t);
      return (await job()) === 0;
    }, 20_000);
    expect(world.accepted.filter((raw) => raw.includes(`Message-ID: ${rfcMessageId}`))).toHaveLength(1);
    const reply = (await messagesOf(talk.box.client, talk.id)).find((m) => m.id === sent.body.id);
    expect(reply?.status).toBe("sent");
  });
});
