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
  /**
   * The mail lets its recipient sign in (a password reset or invitation link, a code): nobody else may read it, so
   * the outbox never shows its text, and without SMTP it is withheld and shown on the server's console only.
   */
  carriesSecret?: boolean;
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
  /** Shows a withheld mail (one that carries a secret, without SMTP) to whoever runs the server, on its console. */
  showOperator(mail: OutgoingMail): void;
  close(): void;
}

/** The console text of a withheld mail: what a lone owner who forgot their password reads to get back in. */
export function operatorNotice(mail: OutgoingMail): string {
  return [
    "── Мэйл илгээгдсэнгүй (SMTP_URL тохируулаагүй); нэвтрэх нууц агуулсан тул зөвхөн серверийн консолд харуулав.",
    "── Mail not sent (SMTP_URL is not set); it carries a sign-in secret, so it is shown only on the server's console.",
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    "",
    mail.text,
    "──",
  ].join("\n");
}

export function createMailer(options: { smtpUrl?: string; from: string; operatorConsole?: (text: string) => void }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const operatorConsole = options.operatorConsole ?? ((text: string) => console.warn(text));
  return {
    delivers: transport !== null,
    async transmit(mail) {
      if (!transport) throw new Error("no SMTP server configured");
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    showOperator: (mail) => operatorConsole(operatorNotice(mail)),
    close: () => transport?.close(),
  };
}

/**
 * Records a mail in the outbox and, when SMTP is configured, adds its delivery job — both in the caller's
 * transaction, so a mail exists exactly when the change that sends it commits and is never sent twice.
 * Without SMTP, a mail that carries a secret is withheld: its row says so without the text, and the text goes to the
 * server's console only (a rolled-back change leaves a link there whose token was never stored, so it opens nothing).
 * Answers whether it was withheld, so an invitation can show its link to the admin who sent it.
 */
export async function queueMail(db: Executor, deps: { mailer: Mailer; jobs: JobQueue }, mail: OutgoingMail): Promise<{ withheld: boolean }> {
  const carriesSecret = mail.carriesSecret ?? false;
  if (carriesSecret && !deps.mailer.delivers) {
    await insertOutboxMail(db, { ...mail, text: "", html: undefined, carriesSecret, status: "withheld" });
    deps.mailer.showOperator(mail);
    return { withheld: true };
  }
  const row = await insertOutboxMail(db, { ...mail, carriesSecret, status: deps.mailer.delivers ? "queued" : "kept" });
  if (deps.mailer.delivers) await deps.jobs.add(db, mailJob, { outbox_id: row.id });
  return { withheld: false };
}
