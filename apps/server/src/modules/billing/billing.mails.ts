import type { PayeeView } from "@holboo/core";

/**
 * Every mail billing sends, one case each, in whole Mongolian and English sentences. A value (a company's name, a
 * number, a date, an amount) never takes a suffix: it stands before a word that carries it ("… байгууллагын",
 * "… дугаартай") or after a colon ("Төлөх эцсийн огноо: …"). `billing.mails.test.ts` renders every case and refuses
 * a suffix glued to a value.
 */
export type BillingMail =
  | { case: "invoice_raised" | "invoice_days_left" | "invoice_last_day"; number: string; amount: number; dueAt: Date }
  | { case: "trial_days_left" | "trial_last_day" | "trial_ended" | "term_days_left" | "term_last_day" | "term_ended"; endsAt: Date };

export interface MailSetting {
  companyName: string;
  payee: PayeeView | null;
  /** Where the company sees the plan or the invoice. */
  link: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (amount: number) => `${amount.toLocaleString("en-US")} ₮`;

interface Texts {
  subject: { mn: string; en: string };
  body: { mn: string; en: string };
}

function texts(mail: BillingMail, company: string): Texts {
  switch (mail.case) {
    case "invoice_raised": {
      const [number, amount, due] = [mail.number, money(mail.amount), day(mail.dueAt)];
      return {
        subject: { mn: `Шинэ нэхэмжлэл: ${number}`, en: `New invoice: ${number}` },
        body: {
          mn: `${company} байгууллагад шинэ нэхэмжлэл үүслээ. Нэхэмжлэлийн дугаар: ${number}. Төлөх дүн: ${amount}. Төлөх эцсийн огноо: ${due}. Энэ огноо хүртэл төлбөр төлөгдөөгүй бол хандалт хаагдана.`,
          en: `A new invoice has been raised for ${company}. Invoice number: ${number}. Amount: ${amount}. Due date: ${due}. If it is not paid by then, access will close.`,
        },
      };
    }
    case "invoice_days_left": {
      const [number, amount, due] = [mail.number, money(mail.amount), day(mail.dueAt)];
      return {
        subject: { mn: `Төлбөрийн сануулга: ${number}`, en: `Payment reminder: ${number}` },
        body: {
          mn: `${company} байгууллагын ${number} дугаартай нэхэмжлэлийг төлөх хугацаа дуусахад 1 хоног үлдлээ. Төлөх дүн: ${amount}. Төлөх эцсийн огноо: ${due}.`,
          en: `1 day is left to pay invoice ${number} of ${company}. Amount: ${amount}. Due date: ${due}.`,
        },
      };
    }
    case "invoice_last_day": {
      const [number, amount, due] = [mail.number, money(mail.amount), day(mail.dueAt)];
      return {
        subject: { mn: `Төлбөрийн сануулга: ${number}`, en: `Payment reminder: ${number}` },
        body: {
          mn: `Өнөөдөр ${company} байгууллагын ${number} дугаартай нэхэмжлэлийг төлөх сүүлийн өдөр. Төлөх дүн: ${amount}. Төлөх эцсийн огноо: ${due}. Төлбөр төлөгдөөгүй бол хандалт хаагдана.`,
          en: `Today is the last day to pay invoice ${number} of ${company}. Amount: ${amount}. Due date: ${due}. If it is not paid, access will close.`,
        },
      };
    }
    case "trial_days_left":
      return {
        subject: { mn: "Туршилтын хугацаа дуусч байна", en: "Your trial is ending" },
        body: {
          mn: `${company} байгууллагын туршилтын хугацаа дуусахад 1 хоног үлдлээ. Дуусах огноо: ${day(mail.endsAt)}. Үргэлжлүүлэн ашиглахын тулд "Миний багц" хэсгээс багц худалдан авна уу.`,
          en: `1 day is left in the trial of ${company}. End date: ${day(mail.endsAt)}. To keep using Holboo, please buy a plan under My plan.`,
        },
      };
    case "trial_last_day":
      return {
        subject: { mn: "Туршилтын хугацааны сүүлийн өдөр", en: "The last day of your trial" },
        body: {
          mn: `Өнөөдөр ${company} байгууллагын туршилтын хугацааны сүүлийн өдөр. Багц худалдан аваагүй бол туршилтын хугацаа дуусахад хандалт хаагдана.`,
          en: `Today is the last day of the trial of ${company}. Without a plan, access will close when the trial ends.`,
        },
      };
    case "trial_ended":
      return {
        subject: { mn: "Туршилтын хугацаа дууслаа", en: "Your trial has ended" },
        body: {
          mn: `${company} байгууллагын туршилтын хугацаа дууссан тул хандалт хаагдлаа. Харилцагчдын илгээсэн мессежүүд хадгалагдсаар байна. Багц худалдан авмагц хандалт шууд сэргэнэ.`,
          en: `The trial of ${company} has ended, so access is closed. Your customers' messages are still being kept. Buying a plan restores access at once.`,
        },
      };
    case "term_days_left":
      return {
        subject: { mn: "Багцын хугацаа дуусч байна", en: "Your plan's term is ending" },
        body: {
          mn: `${company} байгууллагын багцын хугацаа дуусахад 1 хоног үлдлээ. Дуусах огноо: ${day(mail.endsAt)}. Автомат сунгалт идэвхгүй тул хугацаа дуусахад хандалт хаагдана. Үргэлжлүүлэн ашиглах бол "Миний багц" хэсгээс багцаа сунгах эсвэл автомат сунгалтыг идэвхжүүлнэ үү.`,
          en: `1 day is left in the plan term of ${company}. End date: ${day(mail.endsAt)}. Auto-extend is off, so access will close when the term ends. To keep using Holboo, extend the plan or turn on auto-extend under My plan.`,
        },
      };
    case "term_last_day":
      return {
        subject: { mn: "Багцын хугацааны сүүлийн өдөр", en: "The last day of your plan's term" },
        body: {
          mn: `Өнөөдөр ${company} байгууллагын багцын хугацааны сүүлийн өдөр. Дуусах огноо: ${day(mail.endsAt)}. Автомат сунгалт идэвхгүй тул хугацаа дуусахад хандалт хаагдана. Үргэлжлүүлэн ашиглах бол "Миний багц" хэсгээс багцаа сунгана уу.`,
          en: `Today is the last day of the plan term of ${company}. End date: ${day(mail.endsAt)}. Auto-extend is off, so access will close when the term ends. To keep using Holboo, extend the plan under My plan.`,
        },
      };
    case "term_ended":
      return {
        subject: { mn: "Багцын хугацаа дууслаа", en: "Your plan's term has ended" },
        body: {
          mn: `${company} байгууллагын багцын хугацаа дууссан бөгөөд автомат сунгалт идэвхгүй байсан тул хандалт хаагдлаа. Харилцагчдын илгээсэн мессежүүд хадгалагдсаар байна. Багцаа дахин худалдан авмагц хандалт шууд сэргэнэ.`,
          en: `The plan term of ${company} has ended without auto-extend, so access is closed. Your customers' messages are still being kept. Buying the plan again restores access at once.`,
        },
      };
  }
}

/** Where to transfer an invoice's payment, or that the provider has not set it yet; the reference is the invoice number. */
export function payeeLines(payee: PayeeView | null, reference: string) {
  if (!payee)
    return {
      mn: ["Үйлчилгээ үзүүлэгч төлбөр хүлээн авах дансны мэдээллээ хараахан оруулаагүй байна. Дансны мэдээллийг платформын админаас лавлана уу."],
      en: ["The provider has not set its payment details yet. Please ask the platform admin for them."],
    };
  return {
    mn: [
      "Төлбөрийг дараах дансанд шилжүүлнэ үү:",
      `Хүлээн авагч: ${payee.company_name}`,
      `Банк: ${payee.bank_name}`,
      `Дансны дугаар: ${payee.account_number}`,
      `Данс эзэмшигч: ${payee.account_holder}`,
      `Гүйлгээний утга: ${reference}`,
    ],
    en: [
      "Please pay by bank transfer to:",
      `Payee: ${payee.company_name}`,
      `Bank: ${payee.bank_name}`,
      `Account number: ${payee.account_number}`,
      `Account holder: ${payee.account_holder}`,
      `Payment reference: ${reference}`,
    ],
  };
}

/** The mail to the owner and admins, bilingual (mn first) like every mail the platform sends a whole company. */
export function billingMail(mail: BillingMail, setting: MailSetting) {
  const { subject, body } = texts(mail, setting.companyName);
  const payee = "number" in mail ? payeeLines(setting.payee, mail.number) : { mn: [], en: [] };
  const part = (locale: "mn" | "en") => [body[locale], ...(payee[locale].length ? ["", ...payee[locale]] : []), "", setting.link];
  return {
    subject: `Holboo: ${subject.mn} / ${subject.en}`,
    text: [...part("mn"), "", "---", "", ...part("en")].join("\n"),
  };
}
