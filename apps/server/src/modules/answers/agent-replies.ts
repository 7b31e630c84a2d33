import type { Locale } from "@holboo/core";

/** What the virtual agent itself says to customers, in the channel's language. */
export const AGENT_REPLIES: Record<Locale, { clarify: string; notFound: string; unrelated: string; handover: string; fileForPeople: string }> = {
  mn: {
    clarify: "Та алийг нь асууж байна вэ? Дугаараар нь эсвэл үгээр хариулна уу:",
    notFound: "Уучлаарай, энэ талаар мэдээлэл олдсонгүй. Асуултаа өөрөөр тодруулж бичнэ үү?",
    unrelated: "Би манай үйлчилгээний талаарх асуултад хариулдаг. Юугаар туслах вэ?",
    handover: "Таныг ажилтантай холбож байна. Түр хүлээнэ үү.",
    fileForPeople: "Файлыг тань ажилтанд дамжууллаа. Удахгүй хариу өгнө.",
  },
  en: {
    clarify: "Which of these do you mean? Reply with its number or in your own words:",
    notFound: "Sorry, I found nothing about that. Could you ask it another way?",
    unrelated: "I answer questions about our services. How can I help?",
    handover: "I'm connecting you with a colleague. Please wait a moment.",
    fileForPeople: "I passed your file to a colleague, who will answer shortly.",
  },
};

/** The choices of a clarifying question as one message. */
export const clarifyingQuestion = (locale: Locale, titles: string[]) =>
  [AGENT_REPLIES[locale].clarify, ...titles.map((title, index) => `${index + 1}. ${title}`)].join("\n");

/** "2", "2.", "#2" or "№2" picks the second offered choice. */
export function pickedChoice(text: string, count: number): number | null {
  const match = /^\s*[#№]?\s*(\d{1,2})\s*[.)]?\s*$/.exec(text);
  const index = match ? Number(match[1]) - 1 : -1;
  return index >= 0 && index < count ? index : null;
}
