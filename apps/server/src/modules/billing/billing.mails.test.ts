import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PayeeView } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { type BillingMail, billingMail } from "./billing.mails.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../../../..");
const CYRILLIC = "[\\u0400-\\u04FF]";

/** A suffix glued to a value: "2026-12-04-ний", "ACME-ийн", "150,000 ₮-ийг", "HB-1ийн". */
const GLUED_TO_VALUE = new RegExp(`[0-9A-Za-z₮]-?${CYRILLIC}`);
/** A suffix glued to a placeholder in a source text: "{{date}}-нд", "${what.mn}-ийн", "{number}ийн". */
const GLUED_TO_PLACEHOLDER = new RegExp(`\\}\\}?-?${CYRILLIC}`);

const payee: PayeeView = { company_name: "ACME LLC", bank_name: "Khan Bank", account_number: "5012345678", account_holder: "ACME LLC" };
const invoice = { number: "HB-202612-000007", amount: 150_000, dueAt: new Date("2026-12-04T00:00:00Z") };
const ends = new Date("2026-12-10T00:00:00Z");
const CASES: BillingMail[] = [
  { case: "invoice_raised", ...invoice },
  { case: "invoice_days_left", ...invoice },
  { case: "invoice_last_day", ...invoice },
  { case: "trial_days_left", endsAt: ends },
  { case: "trial_last_day", endsAt: ends },
  { case: "trial_ended", endsAt: ends },
  { case: "term_days_left", endsAt: ends },
  { case: "term_last_day", endsAt: ends },
  { case: "term_ended", endsAt: ends },
];

/** The Mongolian half of a rendered mail (before the separator), its link left out. */
const mongolian = (text: string) =>
  (text.split("\n---\n")[0] ?? "")
    .split("\n")
    .filter((line) => !line.startsWith("http"))
    .join("\n");

describe("billing mails", () => {
  it("every case is whole sentences in mn and en, with no suffix glued to a value", () => {
    for (const mail of CASES)
      for (const setting of [payee, null]) {
        const rendered = billingMail(mail, { companyName: "ACME", payee: setting, link: "https://help.example.mn/settings/my_plan" });
        const mn = mongolian(rendered.text);
        expect(mn, mail.case).not.toMatch(GLUED_TO_VALUE);
        expect(rendered.subject, mail.case).not.toMatch(GLUED_TO_VALUE);
        // Each half ends its sentences: mn and en both present, each body sentence closed.
        expect(rendered.text.split("\n---\n")).toHaveLength(2);
        expect(mn.split("\n")[0], mail.case).toMatch(/[.!]$/);
      }
  });

  it("invoice mails say where to pay, with the invoice number as the reference, or that the provider has not set it", () => {
    const withPayee = billingMail({ case: "invoice_raised", ...invoice }, { companyName: "ACME", payee, link: "https://x" }).text;
    expect(withPayee).toContain("Дансны дугаар: 5012345678");
    expect(withPayee).toContain("Гүйлгээний утга: HB-202612-000007");
    expect(withPayee).toContain("Payment reference: HB-202612-000007");
    const without = billingMail({ case: "invoice_last_day", ...invoice }, { companyName: "ACME", payee: null, link: "https://x" }).text;
    expect(without).toContain("дансны мэдээллээ хараахан оруулаагүй");
    expect(without).toContain("has not set its payment details yet");
  });
});

describe("billing's Mongolian texts", () => {
  const sources = [
    ...readdirSync(here)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => path.join(here, name)),
    path.join(repo, "apps/web/src/i18n/locales/mn/billing.json"),
    path.join(repo, "apps/web/src/i18n/locales/mn/admin.json"),
  ];

  it("never glue a suffix to a placeholder", () => {
    const glued = sources.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ where: `${path.relative(repo, file)}:${index + 1}`, line }))
        .filter(({ line }) => GLUED_TO_PLACEHOLDER.test(line)),
    );
    expect(glued).toEqual([]);
  });
});
