/**
 * Chat-style codes converted to emoji as the user types (spec §9: about 100 codes). Longer codes are
 * matched first, and a code converts only when it stands alone (start or after a space, end or
 * before a space or punctuation), so URLs like "http://" and times like "10:30" stay as they are.
 */
export const EMOJI_CODES: Readonly<Record<string, string>> = {
  ":)": "🙂", ":-)": "🙂", "(:": "🙂", ":]": "🙂", "=)": "🙂",
  ":D": "😃", ":-D": "😃", "=D": "😃", "xD": "😆", "XD": "😆",
  ":(": "🙁", ":-(": "🙁", "):": "🙁", ":[": "🙁", "=(": "🙁",
  ";)": "😉", ";-)": "😉", ";D": "😜",
  ":P": "😛", ":-P": "😛", ":p": "😛", ":-p": "😛", ";P": "😜", ";p": "😜",
  ":O": "😮", ":-O": "😮", ":o": "😮", ":-o": "😮",
  ":*": "😘", ":-*": "😘", ";*": "😘",
  ":'(": "😢", ":'-(": "😢", ";(": "😢", ":'D": "😂", ":')": "😂",
  ":|": "😐", ":-|": "😐", ":/": "😕", ":-/": "😕", ":\\": "😕", ":S": "😖", ":s": "😖",
  ">:(": "😠", ">:-(": "😠", ">:O": "😡", ":@": "😡",
  "B)": "😎", "B-)": "😎", "8)": "😎", "8-)": "😎",
  "O:)": "😇", "O:-)": "😇", "0:)": "😇", ">:)": "😈", ">:-)": "😈", "3:)": "😈",
  ":$": "😳", ":-$": "😳", ":X": "🤐", ":-X": "🤐", ":x": "🤐",
  "-_-": "😑", "^_^": "😊", "^^": "😊", "^.^": "😊", "o_O": "😳", "O_o": "😳", "o.O": "😳", "O.o": "😳",
  "T_T": "😭", ";_;": "😭", ">_<": "😣", "<_<": "😒", ">.>": "😒", "*_*": "😍", "<3": "❤️", "</3": "💔",
  ":+1:": "👍", "(y)": "👍", "(Y)": "👍", "(n)": "👎", "(N)": "👎", ":ok:": "👌", "(ok)": "👌",
  ":wave:": "👋", ":pray:": "🙏", ":clap:": "👏", ":fire:": "🔥", ":star:": "⭐", ":100:": "💯",
  ":thinking:": "🤔", ":party:": "🥳", ":rofl:": "🤣", ":zzz:": "😴", ":sweat:": "😅",
  ":check:": "✅", ":x:": "❌", ":warning:": "⚠️", ":tada:": "🎉", ":gift:": "🎁", ":phone:": "📞",
  ":mail:": "✉️", ":coffee:": "☕", ":sun:": "☀️", ":moon:": "🌙", "(h)": "😎", "(a)": "😇", "(l)": "❤️",
};

const escape = (code: string) => code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const codes = Object.keys(EMOJI_CODES).sort((a, b) => b.length - a.length);
const pattern = new RegExp(`(^|\\s)(${codes.map(escape).join("|")})(?=$|\\s|[.,!?])`, "g");

export function convertEmoji(text: string): string {
  return text.replace(pattern, (_match, before: string, code: string) => `${before}${EMOJI_CODES[code] ?? code}`);
}
