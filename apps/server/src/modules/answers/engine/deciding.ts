/**
 * The deciding word. Docs about one topic share its word ("хүргэлт": the delivery price, days and area)
 * and differ in the word that decides ("үнэ", "хоног", "хаана"). Scores mix many features, so a doc can
 * lead on the topic word and its neighbours while lacking the very word the customer asked about; an
 * answer from it is confidently wrong. Among the leading candidates, on the message's content words:
 * - a doc that has every word the leader has, and more as specific (by idf) as any the leader has, is the
 *   better answer: it leads instead (with a lower score when it has all of them, else one not far below);
 * - a leader that lacks a word of the message, while other candidates have every word it has (it matched
 *   the topic only, and the deciding word is in none of them), is not decided by the words: the customer
 *   is offered the leader and those candidates.
 * A doc "has" a word when its questions or answer have the word's stem, or a longer or shorter form of it
 * (Mongolian adds endings: хоног, хоногт); what a doc is asked about is in its questions.
 * Only for messages matched by their words: a message compared by meaning (English) is decided by it.
 */
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { type Token, tokenize } from "../text/features.ts";
import { skeleton } from "../text/normalize.ts";

interface Candidate {
  doc: KnowledgeDoc;
  confidence: number;
}

/** Candidates weighed (the ranking's first ones). */
const LEADING = 5;
/** A word form this long or longer matches a form it begins or that begins with it … */
const MIN_PREFIX = 4;
/** … and forms that begin with the same this many letters match (цуцлах, цуцлуулмаар). */
const SAME_BEGINNING = 5;
/** Least share of the leader's score at which a doc with more of the message's words leads instead. */
const LEAD_WITH_MORE = 0.5;
const LEAD_WITH_ALL = 0.2;
/** A candidate scoring under this share of the leader is no alternative to offer. */
const ALTERNATIVE = 0.08;
/** Options offered when the words do not decide. */
const OPTIONS = 3;

interface Words {
  stems: Set<string>;
  english: Set<string>;
  forms: Set<string>;
}

/** A doc's words: of its questions, and of its questions and answer. */
interface DocWords {
  asked: Words;
  all: Words;
}

const wordsOfDoc = new WeakMap<KnowledgeDoc, DocWords>();

function wordsOf(text: string): Words {
  const words: Words = { stems: new Set(), english: new Set(), forms: new Set() };
  for (const token of tokenize(text)) {
    if (token.stop) continue;
    words.stems.add(token.stem);
    if (token.english) words.english.add(token.english);
    words.forms.add(token.skeleton);
    for (let n = MIN_PREFIX; n < token.skeleton.length; n++) words.forms.add(`${token.skeleton.slice(0, n)}…`);
  }
  return words;
}

function docWords(doc: KnowledgeDoc): DocWords {
  let words = wordsOfDoc.get(doc);
  if (!words) {
    words = { asked: wordsOf(doc.questions.join("\n")), all: wordsOf([...doc.questions, doc.answer].join("\n")) };
    wordsOfDoc.set(doc, words);
  }
  return words;
}

/** `byForm`: on the word's form only (the lossy stem joins цаг "hour" and цагаан "white"). */
function has(words: Words, token: Token, byForm = false): boolean {
  if (!byForm && (words.stems.has(token.stem) || (token.english !== null && words.english.has(token.english)))) return true;
  const form = token.skeleton;
  if (words.forms.has(form)) return true;
  if (form.length >= MIN_PREFIX && words.forms.has(`${form}…`)) return true;
  for (let n = MIN_PREFIX; n < form.length; n++) if (words.forms.has(form.slice(0, n))) return true;
  const beginning = form.slice(0, SAME_BEGINNING);
  return form.length > SAME_BEGINNING && (words.forms.has(`${beginning}…`) || words.forms.has(beginning));
}

/** Question words (as skeletons: Cyrillic and Latin typing alike) ask how the topic is asked about, and
 * every doc of a topic is asked about with them: "хэд" is not what tells the delivery price from its days. */
const QUESTION_WORDS = new Set(
  "ямар яаж хэрхэн хэд хэдэн хэдий хэр хэзээ хаана хаанаас хаашаа юу юуг юун юунд хэн аль яагаад яах what how when where which who why"
    .split(" ")
    .map(skeleton),
);

/** The message's content words, one token a stem. */
function contentWords(tokens: Token[]): Token[] {
  const seen = new Set<string>();
  // A lone letter ("n" typed for нь) or a number decides nothing.
  return tokens.filter(
    (t) => !t.stop && t.skeleton.length > 1 && !QUESTION_WORDS.has(t.skeleton) && !/^\d+$/.test(t.skeleton) && !seen.has(t.stem) && seen.add(t.stem),
  );
}

export type Settled<C extends Candidate> =
  /** `alike`: whether a candidate has every word the leader has (else the leader has a word that decides
   * against it, and it is no choice to offer). */
  | { kind: "leads"; best: C; promoted: boolean; alike: (candidate: C) => boolean }
  /** The words do not decide between these (the leader first). */
  | { kind: "undecided"; options: C[] };

const isSubset = (a: Set<number>, b: Set<number>) => [...a].every((w) => b.has(w));

/** Which candidate the message's words point to (see the top of this file); `candidates` best first,
 * `specificity` a word's idf in the knowledge (highest for a word it never uses). */
export function byDecidingWord<C extends Candidate>(tokens: Token[], candidates: C[], specificity: (token: Token) => number): Settled<C> | null {
  const words = contentWords(tokens);
  const [leader] = candidates;
  if (!leader) return null;
  const anyCandidate = () => true;
  if (words.length < 2) return { kind: "leads", best: leader, promoted: false, alike: anyCandidate };
  const weight = words.map(specificity);
  const most = (set: Iterable<number>) => Math.max(0, ...[...set].map((w) => weight[w] ?? 0));
  const leading = candidates.slice(0, LEADING);
  const coverage = (of: (doc: DocWords) => Words, byForm = false) =>
    leading.map((c) => {
      const w = of(docWords(c.doc));
      return new Set(words.flatMap((token, i) => (has(w, token, byForm) ? [i] : [])));
    });
  const covered = coverage((d) => d.all);
  const leaderCovers = covered[0] ?? new Set<number>();
  const alikeOf = (best: number) => (candidate: C) => {
    const at = leading.findIndex((c) => c.doc === candidate.doc);
    return at < 0 || isSubset(covered[best] ?? new Set<number>(), covered[at] ?? new Set<number>());
  };
  const leads = { kind: "leads", best: leader, promoted: false, alike: alikeOf(0) } as const;
  // A doc with the leader's words and more leads when what it adds is as specific as anything the leader
  // matched (the deciding word, not one more "please tell me" of a question template).
  let better = -1;
  leading.forEach((c, i) => {
    const cover = covered[i] ?? new Set<number>();
    if (i === 0 || cover.size <= leaderCovers.size || !isSubset(leaderCovers, cover)) return;
    const added = [...cover].filter((w) => !leaderCovers.has(w));
    if (most(added) < most(leaderCovers)) return;
    if (c.confidence < (cover.size === words.length ? LEAD_WITH_ALL : LEAD_WITH_MORE) * leader.confidence) return;
    if (better < 0 || cover.size > (covered[better]?.size ?? 0)) better = i;
  });
  const promoted = leading[better];
  if (promoted) return { kind: "leads", best: promoted, promoted: true, alike: alikeOf(better) };
  if (leaderCovers.size === 0) return leads;
  // A candidate with every word the leader has is as good an answer when the leader lacks a word of the
  // message: the leader matched the topic only, and the word that decides is in neither.
  // (On the questions, and on word forms: a word in an answer only, "24 цагийн дотор", is not what the
  // doc is asked about, and a stem shared by chance is no shared topic.)
  if (words.every((_, i) => leaderCovers.has(i))) return leads;
  const asked = coverage((d) => d.asked, true);
  const leaderAsked = asked[0] ?? new Set<number>();
  const tied =
    leaderAsked.size === 0
      ? []
      : leading.filter((c, i) => i > 0 && c.confidence >= ALTERNATIVE * leader.confidence && isSubset(leaderAsked, asked[i] ?? new Set<number>()));
  if (tied.length === 0) return leads;
  return { kind: "undecided", options: [leader, ...tied.slice(0, OPTIONS - 1)] };
}
