import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { mailJob } from "./mail.job.ts";
import { insertOutboxMail } from "./outbox.repo.ts";

export interface OutgoingMail {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmtpAnswer {
  /** SMTP's reply code when the server answered (5xx: refused for good). */
  responseCode?: number;
}

export interface Mailer {
  /** Whether mail leaves by SMTP; without it, mail is kept in the outbox for admins to read. */
  readonly delivers: boolean;
  /** Hands one message to the SMTP server; throws with its `responseCode` when refused. */
  transmit(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    delivers: transport !== null,
    async transmit(mail) {
      if (!transport) throw new Error("no SMTP server configured");
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport?.close(),
  };
}

/**
 * Records a mail in the outbox and, when SMTP is configured, adds its delivery job — both in the caller's
 * transaction, so a mail exists exactly when the change that sends it commits and is never sent twice.
 */
export async function queueMail(db: Executor, deps: { mailer: Mailer; jobs: JobQueue }, mail: OutgoingMail): Promise<void> {
  const row = await insertOutboxMail(db, { ...mail, status: deps.mailer.delivers ? "queued" : "kept" });
  if (deps.mailer.delivers) await deps.jobs.add(db, mailJob, { outbox_id: row.id });
}
