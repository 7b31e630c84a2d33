import { MailJobPayload } from "@holboo/core";
import type { Database } from "../db/client.ts";
import { defineJob, PermanentJobError } from "../jobs/job.ts";
import type { Mailer, SmtpAnswer } from "./mailer.ts";
import { findQueuedMail, noteMailError, settleMail } from "./outbox.repo.ts";

interface MailContext {
  db: Database;
  mailer: Mailer;
}

/**
 * Delivers one outbox mail by SMTP. A mail already sent is not sent again; a 5xx answer (the mailbox does
 * not exist, the message is refused) fails at once; anything else is tried again with growing pauses.
 */
export const mailJob = defineJob<MailJobPayload, MailContext>({
  id: "mail.deliver",
  payload: MailJobPayload,
  maxAttempts: 8,
  async handler(ctx, payload) {
    const mail = await findQueuedMail(ctx.db, payload.outbox_id);
    if (!mail) return;
    try {
      await ctx.mailer.transmit({
        companyId: mail.companyId,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
      });
    } catch (error) {
      await noteMailError(ctx.db, mail.id, String(error));
      const code = (error as SmtpAnswer).responseCode ?? 0;
      throw code >= 500 ? new PermanentJobError(String(error)) : error;
    }
    await settleMail(ctx.db, mail.id, { status: "sent" });
  },
  async onDead(ctx, payload, error) {
    await settleMail(ctx.db, payload.outbox_id, { status: "failed", error: String(error) });
  },
});
