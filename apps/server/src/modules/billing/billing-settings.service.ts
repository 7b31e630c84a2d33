import type { AdminBillingSettingsView, PayeeInput, PayeeView, TermsInput, TermsView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import * as repo from "./billing-settings.repo.ts";
import { DEFAULT_TERMS } from "./default-terms.ts";

/** The installation's payee, or null while the platform admin has not set it (screens and mails then say so). */
export async function findPayee(db: Executor): Promise<PayeeView | null> {
  return presentPayee(await repo.findBillingSettings(db));
}

function presentPayee(row: repo.BillingSettingsRow | null): PayeeView | null {
  if (!row?.payeeCompanyName || !row.payeeBankName || !row.payeeAccountNumber || !row.payeeAccountHolder) return null;
  return {
    company_name: row.payeeCompanyName,
    bank_name: row.payeeBankName,
    account_number: row.payeeAccountNumber,
    account_holder: row.payeeAccountHolder,
  };
}

function presentTerms(row: repo.BillingSettingsRow | null): TermsView {
  const custom = Boolean(row?.termsMn && row.termsEn);
  return {
    mn: (custom && row?.termsMn) || DEFAULT_TERMS.mn,
    en: (custom && row?.termsEn) || DEFAULT_TERMS.en,
    custom,
    updated_at: custom ? (row?.termsUpdatedAt?.toISOString() ?? null) : null,
  };
}

export const paymentDetails = async (ctx: AppContext) => ({ payee: await findPayee(ctx.db) });

export const terms = async (ctx: AppContext) => presentTerms(await repo.findBillingSettings(ctx.db));

export async function adminBillingSettings(ctx: AppContext): Promise<AdminBillingSettingsView> {
  const row = await repo.findBillingSettings(ctx.db);
  return { payee: presentPayee(row), terms: presentTerms(row), default_terms: { mn: DEFAULT_TERMS.mn, en: DEFAULT_TERMS.en } };
}

export async function setPayee(ctx: AppContext, input: PayeeInput) {
  const row = await repo.saveBillingSettings(ctx.db, {
    payeeCompanyName: input.company_name,
    payeeBankName: input.bank_name,
    payeeAccountNumber: input.account_number,
    payeeAccountHolder: input.account_holder,
  });
  return { payee: presentPayee(row) };
}

export async function clearPayee(ctx: AppContext) {
  const row = await repo.saveBillingSettings(ctx.db, { payeeCompanyName: null, payeeBankName: null, payeeAccountNumber: null, payeeAccountHolder: null });
  return { payee: presentPayee(row) };
}

export async function setTerms(ctx: AppContext, input: TermsInput) {
  return presentTerms(await repo.saveBillingSettings(ctx.db, { termsMn: input.mn, termsEn: input.en, termsUpdatedAt: new Date() }));
}

/** Back to the terms shipped with the product. */
export async function resetTerms(ctx: AppContext) {
  return presentTerms(await repo.saveBillingSettings(ctx.db, { termsMn: null, termsEn: null, termsUpdatedAt: null }));
}
