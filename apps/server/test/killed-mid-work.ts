import type { EmailChannelView, InteractionView, MessageView } from "@holboo/core";
import type pg from "pg";
import { expect } from "vitest";
import { companyAdmin, unique } from "./factories.ts";
import type { Served } from "./harness.ts";
import { rawMail, type MailWorld } from "./mail-world.ts";
import { until } from "./sockets.ts";

/**
 * What a process killed with -9 leaves behind, made on purpose and checked afterwards (restart-after-kill and
 * multi-process tests): a mailbox's 100-mail sync stopped half-way inside its job, and replies in flight at
 * the SMTP server. Whatever process runs next must finish all of it: every mail once, every reply accepted once.
 */
export const MAILS = 100;
/** The sync is held at this mail: the job waits for a row lock the test holds (the sender's identity). */
const HELD_AT = 50;

/** Settings of a process for this scenario (its mailbox and SMTP server are on this machine). */
export const MID_WORK_ENV = {
  EMAIL_READERS: "true",
  EMAIL_ALLOW_PRIVATE: "true",
  EMAIL_SCAN_SECONDS: "1",
  EMAIL_POLL_SECONDS: "2",
  ARI_CONNECTIONS: "false",
  JOB_CONCURRENCY: "4",
};

export interface WorkInFlight {
  companyId: number;
  channelId: number;
  /** The replies' own Message-IDs (each must reach the SMTP server exactly once). */
  replies: Array<{ id: number; rfcMessageId: string }>;
  /** Lets the held mail go on (the lock is dropped); the SMTP server is released by the caller. */
  unblock(): Promise<void>;
}

/**
 * On a process (`served`, reading its database through `db`): a mailbox with `conversations` conversations,
 * then 100 new mails whose job stops at mail 50 and, with the SMTP server holding senders, a reply in each
 * conversation. Returns when the job has processed the first 49 and `heldSends` replies wait at the server.
 */
export async function startWorkInFlight(
  served: Served,
  db: pg.Pool,
  world: MailWorld,
  options: { conversations: number; heldSends: number },
): Promise<WorkInFlight> {
  const admin = await companyAdmin(served);
  const box = await world.mailbox();
  const created = await admin.client.post<EmailChannelView>("/api/email-channels", box.input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const channelId = created.body.id;
  const companyId = admin.me.company_id;
  await until(async () => (await admin.client.get<EmailChannelView>(`/api/email-channels/${channelId}`)).body.state === "connected", 20_000);
  const processed = async () =>
    Number(
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM email_messages WHERE channel_id = $1 AND direction = 'in' AND message_id IS NOT NULL", [
          channelId,
        ])
      ).rows[0]?.n,
    );

  for (let i = 0; i < options.conversations; i += 1) {
    const customer = await world.customer();
    await world.imap.append(box.address, rawMail({ from: customer, to: box.address, subject: `Асуулт ${i}`, text: `Сайн байна уу ${i}` }).raw);
  }
  await until(async () => (await processed()) === options.conversations, 30_000);
  const conversations = (await admin.client.get<{ items: InteractionView[] }>("/api/interactions?status=open&page_size=100")).body.items;
  expect(conversations).toHaveLength(options.conversations);

  // The sender of mail 50 is being added by someone else (an uncommitted identity): the job waits for it.
  const tag = unique("kill");
  const sender = (i: number) => `c${i}-${tag}@mail.test`;
  const blocker = await db.connect();
  await blocker.query("BEGIN");
  await blocker.query("INSERT INTO contact_identities (company_id, channel_id, external_id) VALUES ($1, $2, $3)", [companyId, channelId, sender(HELD_AT)]);
  for (let i = 1; i <= MAILS; i += 1)
    await world.imap.append(box.address, rawMail({ from: sender(i), to: box.address, subject: `${tag} ${i}`, text: `Захидал ${i} ${tag}` }).raw);
  await until(async () => (await processed()) === options.conversations + HELD_AT - 1, 60_000);

  world.sends.hold();
  const replies: WorkInFlight["replies"] = [];
  for (const conversation of conversations) {
    const sent = await admin.client.post<MessageView>(`/api/interactions/${conversation.id}/messages`, { text: `Хариу ${tag}`, client_id: unique("c") });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    replies.push({ id: sent.body.id, rfcMessageId: `<holboo.${companyId}.${sent.body.id}@shop.test>` });
  }
  await until(() => world.sends.waiting() === options.heldSends, 30_000);
  return {
    companyId,
    channelId,
    replies,
    async unblock() {
      await blocker.query("ROLLBACK").catch(() => undefined);
      blocker.release();
    },
  };
}

/** How far the work is: mails processed into messages (and any twice), replies sent, and each reply's count at the SMTP server. */
export async function progress(db: pg.Pool, world: MailWorld, work: WorkInFlight) {
  const { rows } = await db.query<{ messages: number; distinct_mails: number; sent: number }>(
    `SELECT (SELECT count(*)::int FROM messages WHERE company_id = $1 AND direction = 'in') AS messages,
            (SELECT count(DISTINCT provider_message_id)::int FROM messages WHERE company_id = $1 AND direction = 'in') AS distinct_mails,
            (SELECT count(*)::int FROM messages WHERE company_id = $1 AND id = ANY($2::bigint[]) AND status = 'sent') AS sent`,
    [work.companyId, work.replies.map((reply) => reply.id)],
  );
  const accepted = work.replies.map((reply) => world.accepted.filter((raw) => raw.includes(`Message-ID: ${reply.rfcMessageId}`)).length);
  return { ...rows[0], accepted };
}

/** Waits until every mail is a message and every reply is sent; then checks nothing was taken or sent twice. Returns when it was done (ms since epoch). */
export async function finished(db: pg.Pool, world: MailWorld, work: WorkInFlight, conversations: number, timeoutMs: number): Promise<number> {
  const total = conversations + MAILS;
  const started = Date.now();
  for (;;) {
    // A database restarting under an embedded server refuses for a moment: that is not an answer yet.
    const now = await progress(db, world, work).catch(() => null);
    if (now?.messages === total && now.sent === work.replies.length && now.accepted.every((count) => count >= 1)) break;
    if (Date.now() - started > timeoutMs) throw new Error(`not finished within ${timeoutMs / 1000} s: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const done = Date.now();
  // A little longer: a second copy would come now if it were coming.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const settled = await progress(db, world, work);
  expect(settled).toEqual({ messages: total, distinct_mails: total, sent: work.replies.length, accepted: work.replies.map(() => 1) });
  return done;
}
