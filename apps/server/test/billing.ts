import type { InvoiceView, SubscriptionView } from "@holboo/core";
import { asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import { outboxMails } from "../src/platform/db/schema.ts";
import type { Client, TestApp } from "./harness.ts";

export const DAY = 86_400_000;
/** An ISO time `ms` after `base`. */
export const at = (base: Date | string, ms: number) => new Date(new Date(base).getTime() + ms).toISOString();

/** What the billing test files do again and again, against one app and its platform admin (`root`). */
export function billingKit(t: TestApp, root: () => Client) {
  return {
    /** Sets the company's billing test clock to `now` and runs the billing rules at it (the test-only route). */
    async cycle(companyId: number, now: string) {
      const response = await root().post<{ invoicesRaised: number; remindersSent: number }>("/api/admin/test/billing-cycle", { now, company_id: companyId });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
    async buy(client: Client, body: Record<string, unknown> = {}) {
      const response = await client.post<SubscriptionView>("/api/billing/purchase", {
        plan: "business",
        term: "month",
        auto_extend: true,
        agree_terms: true,
        ...body,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
    async pay(invoiceId: number, reference = "Хаан банк 5012") {
      const response = await root().post<InvoiceView>(`/api/admin/invoices/${invoiceId}/payment`, { reference });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
    subscription: async (client: Client) => (await client.get<SubscriptionView>("/api/billing/subscription")).body,
    invoices: async (client: Client) => (await client.get<{ items: InvoiceView[] }>("/api/billing/invoices")).body.items,
    /** The company's mails whose subject contains `subject`, oldest first (read from the outbox table: the outbox screen closes with access). */
    async mails(companyId: number, subject: string) {
      const rows = await t.database.db.select().from(outboxMails).where(eq(outboxMails.companyId, companyId)).orderBy(asc(outboxMails.id));
      return rows.filter((mail) => mail.subject.includes(subject)).map((mail) => ({ to: mail.toAddress, subject: mail.subject, text: mail.textBody }));
    },
    /** The invoice's PDF as its text, in the given language (the reader's own: it is set first). */
    async pdfText(client: Client, invoiceId: number, locale: "mn" | "en") {
      expect((await client.put(`/api/change-lang?lang=${locale}`, {})).status).toBe(200);
      const response = await fetch(`${t.url}/api/billing/invoices/${invoiceId}/pdf`, {
        headers: { cookie: `hb_session=${client.cookie("hb_session") ?? ""}; chosenLocale=${locale}` },
      });
      expect(response.status).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
      return text;
    },
  };
}
