import type { ImapFlow } from "imapflow";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { channelSecrets } from "../secrets.ts";
import { imapClient, isAuthFailure, type MailboxLogin } from "./connect.ts";
import { forgetAccessToken, isOAuth, mailboxLogin, MailboxNeedsReconnect } from "./login.ts";
import * as repo from "./email.repo.ts";
import { storeMails, type StoredMail } from "./inbound.job.ts";
import { OwnedWorkers } from "../../platform/owned-workers.ts";

/** Advisory-lock namespace of mailbox readers (the second key is the channel id). */
const LOCK_NAMESPACE = 0x4d41494c; // "MAIL"
const FETCH_BATCH = 250;
/** How much of a mail above `LIMITS.emailMaxBytes` is kept: its beginning, where the headers and the text are. */
const TRUNCATED_MAIL_BYTES = 512 * 1024;

export interface ReaderOptions {
  /** How often a process looks for mailboxes no process reads (a new one, or one whose reader died). */
  scanMs: number;
  /** A fetch even without news from IDLE: the polling fallback for servers whose IDLE stays silent. */
  pollMs: number;
  /** The first pause after a failed connection; it doubles up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

const running = new Set<EmailReaders>();

/** Asks this process's readers to look for new mailboxes now (a mailbox was just connected). */
export function wakeEmailReaders() {
  for (const readers of running) readers.scanSoon();
}

/**
 * Reads every active mailbox, each by exactly one process (`OwnedWorkers`: an advisory lock per channel on
 * this process's lock connection), so a process that dies (even kill -9) lets go with its connection and
 * another takes the mailbox over at its next scan, from the stored read position.
 */
export class EmailReaders {
  /** Mailboxes whose secrets this process cannot open (sealed with another key): never taken again. */
  private readonly foreign = new Set<number>();
  private readonly owned: OwnedWorkers<{ companyId: number; channelId: number }, MailboxReader>;

  constructor(ctx: AppContext, options: ReaderOptions) {
    this.owned = new OwnedWorkers(ctx, {
      name: "e-mail reader",
      lockNamespace: LOCK_NAMESPACE,
      scanMs: options.scanMs,
      list: async () => (await repo.listActiveMailboxes(ctx.db)).filter((m) => !this.foreign.has(m.channelId)),
      idOf: (mailbox) => mailbox.channelId,
      keep: (reader, mailbox) => mailbox !== undefined && !reader.finished,
      start: async (mailbox) => {
        const reader = new MailboxReader(ctx, mailbox.companyId, mailbox.channelId, options);
        reader.start();
        return reader;
      },
      released: (channelId, reader) => {
        if (!reader.foreign) return;
        this.foreign.add(channelId);
        ctx.log.warn({ channelId }, "a mailbox's secrets do not open with this process's HOLBOO_SECRET_KEY; it is left to other processes");
      },
    });
  }

  start() {
    running.add(this);
    this.owned.start();
  }

  scanSoon() {
    this.owned.scanSoon();
  }

  async stop() {
    running.delete(this);
    await this.owned.stop();
  }
}

/**
 * One mailbox's reading: connect, open the folder, take every mail past the stored UID, then wait in IDLE
 * for news (and poll as a fallback); on any failure reconnect after a pause that doubles. Each batch of
 * mail is stored with its jobs and the new read position in one transaction.
 */
class MailboxReader {
  private readonly abort = new AbortController();
  private client: ImapFlow | null = null;
  private loop: Promise<void> = Promise.resolve();
  finished = false;
  foreign = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly companyId: number,
    private readonly channelId: number,
    private readonly options: ReaderOptions,
  ) {}

  start() {
    this.loop = this.run().finally(() => {
      this.finished = true;
    });
  }

  async stop() {
    this.abort.abort();
    await this.client?.logout().catch(() => this.client?.close());
    await this.loop;
  }

  private async run() {
    let backoff = this.options.backoffMs;
    while (!this.abort.signal.aborted) {
      const found = await repo.findMailbox(this.ctx.db, this.companyId, this.channelId);
      if (!found || !found.channel.active) return;
      const secrets = (() => {
        try {
          return channelSecrets<Record<string, string>>(this.ctx.secrets, found.channel);
        } catch {
          return null;
        }
      })();
      // Secrets sealed with another key belong to another installation sharing the database: leave the mailbox.
      if (!secrets) {
        this.foreign = true;
        return;
      }
      const started = Date.now();
      try {
        // An OAuth2 mailbox's token is refreshed here when near expiry, so every (re)connection logs in with a valid one.
        const login = await mailboxLogin(this.ctx, found.channel, found.mailbox);
        if (!login) return;
        await this.session(found.mailbox, login).catch(async (error: unknown) => {
          // A refused XOAUTH2 token (revoked early): the next attempt refreshes it, and a refused grant stops reading.
          if (isOAuth(found.mailbox) && isAuthFailure(error)) await forgetAccessToken(this.ctx, found.channel);
          throw error;
        });
      } catch (error) {
        // The provider refused the grant: nothing to retry until an admin signs in again (the mailbox shows it).
        if (this.abort.signal.aborted || error instanceof MailboxNeedsReconnect) return;
        await repo
          .updateMailbox(this.ctx.db, this.companyId, this.channelId, { state: "error", lastError: String(error).slice(0, 500) })
          .catch(() => undefined);
      }
      if (Date.now() - started > 60_000) backoff = this.options.backoffMs;
      await sleep(backoff, this.abort.signal);
      backoff = Math.min(backoff * 2, this.options.maxBackoffMs);
    }
  }

  private async session(mailbox: repo.MailboxRow, login: MailboxLogin) {
    const client = await imapClient(this.ctx, login);
    this.client = client;
    const closed = new Promise<void>((resolve) => client.on("close", () => resolve()));
    client.on("error", (error: unknown) => this.ctx.log.warn({ err: error, channelId: this.channelId }, "IMAP connection error"));
    let wanted = true;
    let syncing: Promise<void> = Promise.resolve();
    const syncSoon = () => {
      wanted = true;
      syncing = syncing.then(async () => {
        while (wanted && client.usable) {
          wanted = false;
          await this.sync(client);
        }
      });
      return syncing;
    };
    try {
      await client.connect();
      await client.mailboxOpen(mailbox.folder);
      await repo.updateMailbox(this.ctx.db, this.companyId, this.channelId, { state: "connected", lastError: null });
      client.on("exists", () => void syncSoon().catch((error: unknown) => client.emit("error", error)));
      await syncSoon();
      const poll = setInterval(() => void syncSoon().catch((error: unknown) => client.emit("error", error)), this.options.pollMs);
      try {
        await Promise.race([closed, new Promise<void>((resolve) => this.abort.signal.addEventListener("abort", () => resolve(), { once: true }))]);
      } finally {
        clearInterval(poll);
      }
      await syncing.catch(() => undefined);
      if (!this.abort.signal.aborted) throw new Error("IMAP connection closed");
    } finally {
      client.close();
      this.client = null;
    }
  }

  /** Takes every mail past the stored read position, in batches, each stored with its position. */
  private async sync(client: ImapFlow) {
    const found = await repo.findMailbox(this.ctx.db, this.companyId, this.channelId);
    const box = client.mailbox;
    if (!found || !box) return;
    const uidValidity = Number(box.uidValidity);
    let lastUid = found.mailbox.lastUid;
    if (found.mailbox.uidValidity !== uidValidity) {
      // The server renumbered the folder: old UIDs mean nothing. Reading goes on from now; the mail since
      // the last sync is looked up by date and de-duplicated by Message-ID, so nothing is taken twice.
      lastUid = 0;
      const since = found.mailbox.lastSyncAt ?? new Date();
      const uids = (await client.search({ since: new Date(since.getTime() - 24 * 3600_000) }, { uid: true })) || [];
      await repo.updateMailbox(this.ctx.db, this.companyId, this.channelId, { uidValidity, lastUid: 0 });
      await this.take(client, uidValidity, uids);
      await repo.updateMailbox(this.ctx.db, this.companyId, this.channelId, { lastUid: Math.max(0, Number(box.uidNext) - 1) });
      return;
    }
    const uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter((uid) => uid > lastUid);
    await this.take(client, uidValidity, uids);
  }
  private take(client: ImapFlow, uidValidity: number, uids: number[]) {
    return takeMails(this.ctx, client, { companyId: this.companyId, channelId: this.channelId }, uidValidity, uids, { imported: false });
  }
}

/**
 * Fetches these mails (in UID order, in batches of one FETCH) and stores each batch with its one job in one transaction;
 * live reading moves the mailbox's read position with it, an import of past mail (`imported`) does not.
 */
export async function takeMails(
  ctx: AppContext,
  client: ImapFlow,
  channel: { companyId: number; channelId: number },
  uidValidity: number,
  uids: number[],
  options: { imported: boolean },
) {
  const sorted = [...uids].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += FETCH_BATCH) {
    const batch = sorted.slice(start, start + FETCH_BATCH);
    const sizes = new Map<number, number>();
    for await (const message of client.fetch(batch.join(","), { uid: true, size: true }, { uid: true })) sizes.set(message.uid, message.size ?? 0);
    const small = batch.filter((uid) => (sizes.get(uid) ?? 0) <= LIMITS.emailMaxBytes);
    const mails: StoredMail[] = [];
    if (small.length) {
      for await (const message of client.fetch(small.join(","), { uid: true, source: true }, { uid: true })) {
        mails.push({
          uid: message.uid,
          uid_validity: uidValidity,
          raw: (message.source ?? Buffer.alloc(0)).toString("base64"),
          truncated: false,
          imported: options.imported,
        });
      }
    }
    for (const uid of batch.filter((candidate) => !small.includes(candidate))) {
      // Too large to keep whole: its beginning (the headers and the text, which mail programs put before the
      // attachments) is still a customer's message; the attachments are left out.
      const message = await client.fetchOne(String(uid), { uid: true, source: { start: 0, maxLength: TRUNCATED_MAIL_BYTES } }, { uid: true });
      const head = message && message.source ? message.source : Buffer.alloc(0);
      mails.push({ uid, uid_validity: uidValidity, raw: head.toString("base64"), truncated: true, imported: options.imported });
    }
    mails.sort((a, b) => a.uid - b.uid);
    if (!mails.length) continue;
    await ctx.db.transaction(async (tx) => {
      await storeMails(ctx, tx, channel, mails);
      if (!options.imported) await repo.advanceLastUid(tx, channel.companyId, channel.channelId, uidValidity, mails.at(-1)?.uid ?? 0);
    });
  }
}
