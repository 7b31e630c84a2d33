import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "../db/client.ts";
import { outboxMails } from "../db/schema.ts";

export interface OutgoingMail {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it by SMTP when configured. Throws when delivery fails. */
  send(db: Executor, mail: OutgoingMail): Promise<void>;
  close(): void;
}

export class MailDeliveryError extends Error {}

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(db, mail) {
      const base = {
        companyId: mail.companyId,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      };
      if (!transport) {
        await db.insert(outboxMails).values({ ...base, status: "kept" });
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.insert(outboxMails).values({ ...base, status: "sent", sentAt: new Date() });
      } catch (error) {
        await db.insert(outboxMails).values({ ...base, status: "failed", error: String(error) });
        throw new MailDeliveryError(String(error));
      }
    },
    close: () => transport?.close(),
  };
}
