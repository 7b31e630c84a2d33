import { LOCALES, type Locale } from "./locale.ts";

/**
 * What the virtual agent itself says to customers, in the channel's language. A clarifying question's shape is
 * shared with the channels, which read its choices back to show them as buttons (offeredChoices).
 */
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

/**
 * The choices a clarifying question offers, read back from its text (clarifyingQuestion's shape), so a
 * provider can show them as buttons; none for any other message. Read from the message itself because its
 * delivery may run before the conversation's agent state is written.
 */
export function offeredChoices(text: string): string[] {
  const [first, ...lines] = text.split("\n");
  if (!LOCALES.some((locale) => AGENT_REPLIES[locale].clarify === first)) return [];
  const titles = lines.map((line, index) => (line.startsWith(`${index + 1}. `) ? line.slice(`${index + 1}. `.length) : null));
  return titles.every((title): title is string => title !== null) ? titles : [];
}
