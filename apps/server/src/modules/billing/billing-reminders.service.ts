import type { BillingNotice } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { queueMail } from "../../platform/mail/mailer.ts";
import { adminAddresses } from "../users/users.service.ts";
import * as repo from "./billing.repo.ts";
import { reminderMail } from "./billing.mails.ts";

/** Mails a reminder to the owner and admins, in the caller's transaction, the first time its key is seen. */
export async function remindOnce(ctx: AppContext, tx: Executor, companyId: number, key: string, notice: BillingNotice): Promise<number> {
  if (!(await repo.recordReminderOnce(tx, companyId, key))) return 0;
  const [recipients, name] = await Promise.all([adminAddresses(tx, companyId), repo.companyName(tx, companyId)]);
  const mail = reminderMail(notice, name, `${ctx.config.PUBLIC_URL}/settings/my_plan`);
  for (const recipient of recipients) await queueMail(tx, ctx, { companyId, to: recipient.email, ...mail });
  return 1;
}

export const invoiceNotice = (invoice: repo.InvoiceRow): BillingNotice => ({
  kind: "pay_today",
  due_at: invoice.dueAt.toISOString(),
  invoice_number: invoice.number,
  amount: invoice.amount,
});
