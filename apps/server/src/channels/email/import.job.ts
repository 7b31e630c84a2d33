import { EmailImportJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { defineJob, PermanentJobError } from "../../platform/jobs/job.ts";
import { imapClient, MailServerRefused } from "./connect.ts";
import * as repo from "./email.repo.ts";
import { mailboxLogin, MailboxNeedsReconnect } from "./login.ts";
import { takeMails } from "./reader.ts";

/**
 * The optional import when a mailbox connects: the mail since a date, up to the UID where live reading
 * starts, stored as imported (for people; the virtual agent never answers it) through the same inbound
 * jobs as live mail. A repeated run stores nothing twice (each mail is one event per UIDVALIDITY:UID).
 */
export const emailImportJob = defineJob<EmailImportJobPayload, AppContext>({
  id: "email.import",
  payload: EmailImportJobPayload,
  maxAttempts: 5,
  async handler(ctx, payload) {
    const found = await repo.findMailbox(ctx.db, payload.company_id, payload.channel_id);
    if (!found || payload.up_to_uid < 1) return;
    const login = await mailboxLogin(ctx, found.channel, found.mailbox).catch((error: unknown) => {
      // Kept as a dead job (the platform admin can revive it once the mailbox is signed in again).
      throw error instanceof MailboxNeedsReconnect ? new PermanentJobError("the mailbox needs an OAuth2 reconnect") : error;
    });
    if (!login) return;
    const client = await imapClient(ctx, login).catch((error: unknown) => {
      throw error instanceof MailServerRefused ? new PermanentJobError("the mailbox's IMAP server is not a public address") : error;
    });
    client.on("error", (error: unknown) => ctx.log.warn({ err: error, channelId: payload.channel_id }, "IMAP connection error (import)"));
    await client.connect();
    try {
      const box = await client.mailboxOpen(found.mailbox.folder, { readOnly: true });
      // Renumbered since connecting: the old UIDs mean nothing, and live reading covers what came after.
      if (Number(box.uidValidity) !== payload.uid_validity) return;
      const uids = (await client.search({ since: new Date(payload.since), uid: `1:${payload.up_to_uid}` }, { uid: true })) || [];
      await takeMails(ctx, client, { companyId: payload.company_id, channelId: payload.channel_id }, payload.uid_validity, uids, { imported: true });
    } finally {
      await client.logout().catch(() => client.close());
    }
  },
});

/** Queues the import in the caller's transaction (the one that connects the mailbox). */
export function addEmailImport(ctx: AppContext, tx: Executor, payload: EmailImportJobPayload) {
  return ctx.jobs.add(tx, emailImportJob, payload, { queue: `email-import:${payload.channel_id}`, key: `email_import:${payload.channel_id}` });
}
