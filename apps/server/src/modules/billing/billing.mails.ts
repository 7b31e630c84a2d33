import type { BillingNotice } from "@holboo/core";

const day = (iso: string) => iso.slice(0, 10);
const money = (amount: number | null) => (amount === null ? "" : `${amount.toLocaleString("en-US")} ₮`);

/** Billing reminders are bilingual (mn first), like every mail the platform sends to a whole company. */
export function reminderMail(notice: BillingNotice, companyName: string, link: string) {
  const what = notice.invoice_number
    ? { mn: `${notice.invoice_number} дугаартай ${money(notice.amount)} нэхэмжлэл`, en: `invoice ${notice.invoice_number} of ${money(notice.amount)}` }
    : { mn: "туршилтын хугацаа", en: "the trial" };
  const texts = {
    pay_today: {
      mn: `${companyName}: ${what.mn} үүслээ. ${day(notice.due_at)}-ний дотор төлнө үү, эс бөгөөс хандалт хаагдана.`,
      en: `${companyName}: ${what.en} has been raised. Please pay by ${day(notice.due_at)}, or access will close.`,
    },
    days_left: {
      mn: `${companyName}: ${what.mn} дуусахад 1 хоног үлдлээ (${day(notice.due_at)}).`,
      en: `${companyName}: 1 day is left for ${what.en} (${day(notice.due_at)}).`,
    },
    last_day: {
      mn: `${companyName}: өнөөдөр ${what.mn}-ийн сүүлийн өдөр. Хандалт хаагдахаас өмнө төлнө үү.`,
      en: `${companyName}: today is the last day for ${what.en}. Please pay before access closes.`,
    },
  }[notice.kind];
  return {
    subject: "Holboo: төлбөрийн сануулга / payment reminder",
    text: [texts.mn, link, "", texts.en, link].join("\n"),
  };
}
