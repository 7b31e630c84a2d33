import type { BillingNotice } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { queueMail } from "../../platform/mail/mailer.ts";
import { adminAddresses } from "../users/users.lookup.ts";
import * as repo from "./billing.repo.ts";
import { type BillingMail, billingMail } from "./billing.mails.ts";
import { findPayee } from "./billing-settings.service.ts";

/** Mails the owner and admins, in the caller's transaction, the first time its key is seen (a retried run sends nothing twice). */
export async function remindOnce(ctx: AppContext, tx: Executor, companyId: number, key: string, mail: BillingMail, invoiceId?: number): Promise<number> {
  if (!(await repo.recordReminderOnce(tx, companyId, key))) return 0;
  const [recipients, companyName, payee] = await Promise.all([adminAddresses(tx, companyId), repo.companyName(tx, companyId), findPayee(tx)]);
  const link = `${ctx.config.PUBLIC_URL}${invoiceId === undefined ? "/settings/my_plan" : `/settings/my_plan_archive/${invoiceId}`}`;
  const message = billingMail(mail, { companyName, payee, link });
  for (const recipient of recipients) await queueMail(tx, ctx, { companyId, to: recipient.email, ...message });
  return 1;
}

/** The mail of a reminder the cycle found due (pay-today reminders are the invoice's own mail, sent when it is raised). */
export function reminderMail(notice: BillingNotice, unpaid: repo.InvoiceRow | null): BillingMail | null {
  if (notice.kind === "pay_today") return null;
  const ends = new Date(notice.due_at);
  if (notice.about === "invoice") {
    if (!unpaid) return null;
    return { case: notice.kind === "days_left" ? "invoice_days_left" : "invoice_last_day", number: unpaid.number, amount: unpaid.amount, dueAt: unpaid.dueAt };
  }
  if (notice.about === "trial") return { case: notice.kind === "days_left" ? "trial_days_left" : "trial_last_day", endsAt: ends };
  return { case: notice.kind === "days_left" ? "term_days_left" : "term_last_day", endsAt: ends };
}

export const invoiceRaisedMail = (invoice: repo.InvoiceRow): BillingMail => ({
  case: "invoice_raised",
  number: invoice.number,
  amount: invoice.amount,
  dueAt: invoice.dueAt,
});
