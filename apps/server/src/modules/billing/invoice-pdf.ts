import type { InvoiceAgentLine, Locale, PayeeView } from "@holboo/core";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { InvoiceRow } from "./billing.repo.ts";

// DejaVu Sans (from the dejavu-fonts-ttf package) covers Cyrillic, Latin and the tugrik sign; embedded as a subset.
const require = createRequire(import.meta.url);
const REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const TEXT = {
  mn: {
    title: "Нэхэмжлэл",
    company: "Байгууллага",
    status: "Төлөв",
    plan: "Багц",
    term: "Хугацаа",
    period: "Хамрах хугацаа",
    created: "Үүсгэсэн огноо",
    due: "Төлөх эцсийн огноо",
    paid: "Төлсөн огноо",
    activated: "Идэвхжсэн огноо",
    ended: "Дууссан огноо",
    cancelled: "Цуцалсан огноо",
    payTo: "Төлбөр хүлээн авах данс",
    payee: "Хүлээн авагч",
    bank: "Банк",
    account: "Дансны дугаар",
    holder: "Данс эзэмшигч",
    reference: "Гүйлгээний утга",
    payeeMissing: "Үйлчилгээ үзүүлэгч төлбөр хүлээн авах дансны мэдээллээ хараахан оруулаагүй байна. Дансны мэдээллийг платформын админаас лавлана уу.",
    autoExtend: "Автомат сунгалт",
    agents: "Виртуал туслахууд",
    main: "Үндсэн",
    additional: "Нэмэлт",
    bought: "Авсан огноо",
    days: "Ажилласан хоног",
    amount: "Дүн",
    total: "Нийт дүн",
    yes: "Тийм",
    no: "Үгүй",
    statuses: { created: "Төлөгдөөгүй", paid: "Төлсөн", activated: "Идэвхжсэн", cancelled: "Цуцлагдсан" } as Record<string, string>,
    plans: { trial: "Туршилт", business: "Бизнес", enterprise: "Энтерпрайз" } as Record<string, string>,
    terms: { day: "1 өдөр", month: "1 сар", year: "1 жил" } as Record<string, string>,
  },
  en: {
    title: "Invoice",
    company: "Company",
    status: "Status",
    plan: "Plan",
    term: "Term",
    period: "Period",
    created: "Created",
    due: "Due",
    paid: "Paid",
    activated: "Activated",
    ended: "Ended",
    cancelled: "Cancelled",
    payTo: "Pay by bank transfer to",
    payee: "Payee",
    bank: "Bank",
    account: "Account number",
    holder: "Account holder",
    reference: "Payment reference",
    payeeMissing: "The provider has not set its payment details yet. Please ask the platform admin for them.",
    autoExtend: "Auto-extend",
    agents: "Virtual agents",
    main: "Main",
    additional: "Additional",
    bought: "Bought",
    days: "Days worked",
    amount: "Amount",
    total: "Total",
    yes: "Yes",
    no: "No",
    statuses: { created: "Unpaid", paid: "Paid", activated: "Activated", cancelled: "Cancelled" } as Record<string, string>,
    plans: { trial: "Trial", business: "Business", enterprise: "Enterprise" } as Record<string, string>,
    terms: { day: "1 day", month: "1 month", year: "1 year" } as Record<string, string>,
  },
};

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "—");
export const tugrik = (amount: number) => `${amount.toLocaleString("en-US")} ₮`;

/** The invoice as a PDF made here on the server, in the reader's language, with where to pay it (or that it is not set yet). */
export function invoicePdf(invoice: InvoiceRow, companyName: string, payee: PayeeView | null, locale: Locale): Promise<Buffer> {
  const t = TEXT[locale];
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${t.title} ${invoice.number}`, Author: "Holboo" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  doc.font("bold").fontSize(20).text(`${t.title} ${invoice.number}`);
  doc.moveDown();
  const row = (label: string, value: string) => doc.font("bold").fontSize(11).text(`${label}: `, { continued: true }).font("regular").text(value);
  row(t.company, companyName);
  row(t.status, t.statuses[invoice.status] ?? invoice.status);
  row(t.plan, t.plans[invoice.planCode] ?? invoice.planCode);
  row(t.term, t.terms[invoice.term] ?? invoice.term);
  row(t.period, `${day(invoice.periodStart)} — ${day(invoice.periodEnd)}`);
  row(t.created, day(invoice.createdAt));
  row(t.due, day(invoice.dueAt));
  row(t.paid, day(invoice.paidAt));
  row(t.activated, day(invoice.activatedAt));
  row(t.ended, day(invoice.endedAt));
  if (invoice.cancelledAt) row(t.cancelled, day(invoice.cancelledAt));
  row(t.autoExtend, invoice.autoExtend ? t.yes : t.no);
  doc.moveDown();
  doc.font("bold").fontSize(13).text(t.agents);
  for (const line of invoice.agents as InvoiceAgentLine[]) {
    const kind = line.kind === "main" ? t.main : t.additional;
    doc
      .font("regular")
      .fontSize(11)
      .text(`${kind}: ${line.name}. ${t.bought}: ${line.bought_at.slice(0, 10)}. ${t.days}: ${line.days_worked}. ${t.amount}: ${tugrik(line.amount)}.`);
  }
  doc.moveDown();
  doc
    .font("bold")
    .fontSize(14)
    .text(`${t.total}: ${tugrik(invoice.amount)}`);
  doc.moveDown();
  doc.font("bold").fontSize(13).text(t.payTo);
  if (payee) {
    row(t.payee, payee.company_name);
    row(t.bank, payee.bank_name);
    row(t.account, payee.account_number);
    row(t.holder, payee.account_holder);
    row(t.reference, invoice.number);
  } else doc.font("regular").fontSize(11).text(t.payeeMissing);
  doc.end();
  return done;
}
