/**
 * Two things the engine recognises before and after retrieval, on the skeleton form (so Cyrillic,
 * Latin-typed and look-alike spellings all match):
 * - a request for a person ("хүнтэй ярих", "ажилтантай холбо", "оператор", "operator", "human",
 *   "agent please", Latin "hunte yarih" …) — always escalates;
 * - small talk (greetings, thanks, goodbyes, "how are you", "ok"): nothing the knowledge answers;
 * - a question to the business ("та нар ном зардаг уу", "хүргэлт хийдэг үү", "do you deliver"): what
 *   the knowledge should answer even when it has no word of it yet.
 */
import type { Token } from "../text/features.ts";
import { skeleton } from "../text/normalize.ts";

/** Words that ask for a person in a short message ("operator", "human please"). */
const PERSON_ALONE = /^(operator|operatortai|operatorto|human|ajiltan|menejer)$/;
const SHORT = 3;
/** A person word … */
const PERSON = /^(hun(tei|tai|te|d|ig|es)?|ajilt|ajiltn|zovloh|menejer|operator|agent|person|someone|somebody|representative|staff|manager)/;
/** … with talking, connecting, calling or needing (ярих; ярьмаар, ярьж with ь dropped). */
const ACTION = /^(yari|yarih|yarimar|yariy|yaria|yariya|yarilts|yarm|yarj|holb|dud|heregtei|talk|speak|connect|chat)/;
/** "Are you a real person?" asks about the bot, not for a person. */
const ABOUT_THE_BOT = /^(are|is|am) /;
const PLEASE = /^(please|pls|plz|ploz)$/;

export function asksForPerson(tokens: Token[]): boolean {
  const sk = tokens.map((t) => t.skeleton);
  if (ABOUT_THE_BOT.test(sk.join(" "))) return false;
  if (sk.length <= SHORT && sk.some((w) => PERSON_ALONE.test(w))) return true;
  if (!sk.some((w) => PERSON.test(w) && !/^hun(dr|g|t[^aeio])/.test(w))) return false;
  return sk.some((w) => ACTION.test(w)) || (sk.includes("agent") && sk.some((w) => PLEASE.test(w)));
}

/** Skeletons of small-talk words (mn Cyrillic and Latin typing share them) and English ones. */
const SMALL_TALK = new Set(
  (
    "sain baina bain sn snu snuu sainuu mend mendee mendchilie amar amarhan sonin saihan odriin oroin oglonii " +
    "bayarlala bayrlala bayarlalaa bayrla bayarla gaigui za zaa ok okei oki okey oilgolo tegi tegie ha ho yu yuu " +
    "bayartai bayrtai daraa uulzi uulzia tsagaan sar hen chi ta tani taniig neriig ner nerig hediin hediig hedn " +
    "hi hello hey hiya yo thanks thank thx ty you bye goodbye good morning evening afternoon night how are is it going " +
    "doing fine great cool nice lol haha hah okay yes no yeah nope sure what up sup who r u your name im i am me please"
  )
    .split(" ")
    .map(skeleton),
);

/** Every word of the message is small talk or a stop word (and there is at least one word). */
export function isSmallTalk(tokens: Token[]): boolean {
  return tokens.length > 0 && tokens.every((t) => t.stop || SMALL_TALK.has(t.skeleton));
}

/** Mongolian question particles (уу/үү, юу, вэ, бэ, бол) as skeletons. */
const QUESTION_PARTICLE = /^(u|yu|ve|be|bol)$/;
/** Words that address the business: та, танай, тань, "та нар"; you, your. (Not the chat "u": it is also
 * the skeleton of the particle уу.) */
const ADDRESS = /^(ta|tanai|tanaih|tani|taniih|you|your|yours)$/;
/** Asking whether something can be done, is done, or is there: болох, боломжтой, бий, байгаа, -даг/-дэг/-дог. */
const POSSIBILITY = /^(boloh|bolomjtoi|bolomj|bi|baiga|baidag)$|(dag|deg|dog|dug)$/;
/** English openings of a question about the service, as English stems: can I, do you, is there, how do I … */
const ENGLISH_SERVICE_QUESTION = /^(can|could|do|is|are|how|wher|when|what|which|wil) (i|you|u|we|ther|your|ur|my)\b/;

/** A question to the business: Mongolian with a question particle and a word that addresses the business
 * or asks what it does or allows; English opening as a question about the service. */
export function asksTheBusiness(tokens: Token[]): boolean {
  // On English stems: a skeleton reads "can" as Mongolian Latin typing ("tsan").
  if (ENGLISH_SERVICE_QUESTION.test(tokens.map((t) => t.english ?? "").join(" "))) return true;
  const sk = tokens.map((t) => t.skeleton);
  const particle = sk.some((w, i) => i > 0 && QUESTION_PARTICLE.test(w));
  return particle && sk.some((w) => ADDRESS.test(w) || POSSIBILITY.test(w));
}
