import type { Locale } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import * as repo from "./billing.repo.ts";
import { findInvoice } from "./billing.service.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { findPayee } from "./billing-settings.service.ts";

export async function invoicePdfFor(ctx: AppContext, companyId: number, invoiceId: number, locale: Locale) {
  const invoice = await findInvoice(ctx, companyId, invoiceId);
  const [companyName, payee] = await Promise.all([repo.companyName(ctx.db, companyId), findPayee(ctx.db)]);
  const data = await invoicePdf(invoice, companyName, payee, locale);
  return { data, filename: `${invoice.number}.pdf` };
}
