/**
 * `npx tsx scripts/make-latin-set.ts [unimorph_khk_inflections.tsv]`
 * Builds the second Mongolian evaluation set (apps/server/src/modules/answers/testdata/README.md) from
 * the hand-written shop, bank and telecom FAQ (`service_faq_mn.json`): training lines in Cyrillic as a
 * company writes its knowledge; as test lines, the held-out questions, each also with some of its nouns
 * in another case form taken from UniMorph Khalkha (unimorph/khk, CC BY-SA 3.0, from MorphyNet by
 * Khuyagbaatar Batsuren), and the out-of-scope questions. `service_faq_dev.jsonl` asks them in Cyrillic,
 * `service_faq_latin_dev.jsonl` the same lines typed in Latin (text/latin-typing.fixture.ts), a quarter of
 * them with a word or two left in Cyrillic. Deterministic.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { seeded, typeLatin } from "../apps/server/src/modules/answers/text/latin-typing.fixture.ts";

interface Source {
  intents: Record<string, { train: string[]; test: string[] }>;
  out_of_scope: string[];
}

const dir = "apps/server/src/modules/answers/testdata";
const unimorph = process.argv[2] ?? "/work/shared/data/mn/unimorph_khk_inflections.tsv";
const source = JSON.parse(readFileSync(`${dir}/service_faq_mn.json`, "utf8")) as Source;
const random = seeded(17);

/** Noun forms by lemma, and the lemma of each form (vocative left out: nobody asks in it). */
const CASES = /^N;(GEN|DAT|ACC|ABL|INS|COM);SG$/;
const formsOf = new Map<string, string[]>();
const lemmaOf = new Map<string, string>();
for (const line of readFileSync(unimorph, "utf8").split("\n")) {
  const [lemma, form, features] = line.split("\t");
  if (!lemma || !form || !features || !CASES.test(features)) continue;
  formsOf.set(lemma, [...(formsOf.get(lemma) ?? []), form]);
  lemmaOf.set(form, lemma);
  lemmaOf.set(lemma, lemma);
}

/** Question particles, which UniMorph also lists as nouns (үү "hole"?): never inflected. */
const PARTICLES = new Set(["уу", "үү", "юу", "вэ", "бэ", "бол"]);

/** The question with some nouns in another case form, or null when none of its nouns is in UniMorph. */
function reinflected(question: string): string | null {
  let changed = false;
  const out = question.split(/([^\p{L}]+)/u).map((part) => {
    const lemma = PARTICLES.has(part.toLowerCase()) ? undefined : lemmaOf.get(part.toLowerCase());
    const forms = lemma ? [lemma, ...(formsOf.get(lemma) ?? [])].filter((f) => f !== part.toLowerCase()) : [];
    if (!forms.length || random() < 0.4) return part;
    changed = true;
    return forms[Math.floor(random() * forms.length)] ?? part;
  });
  return changed ? out.join("") : null;
}

interface Line {
  split: "train" | "test";
  text: string;
  intent: string | null;
}

const train: Line[] = [];
const test: Line[] = [];
for (const [intent, { train: questions, test: held }] of Object.entries(source.intents)) {
  for (const text of questions) train.push({ split: "train", text, intent });
  for (const text of held) {
    test.push({ split: "test", text, intent });
    const other = reinflected(text);
    if (other) test.push({ split: "test", text: other, intent });
  }
}
for (const text of source.out_of_scope) test.push({ split: "test", text, intent: null });

const write = (name: string, lines: Line[]) => writeFileSync(`${dir}/${name}`, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
write("service_faq_dev.jsonl", [...test, ...train]);
write("service_faq_latin_dev.jsonl", [...test.map((l) => ({ ...l, text: typeLatin(l.text, random, { mixed: random() < 0.25 }) })), ...train]);
console.log(`${train.length} training lines, ${test.length} test lines (${test.filter((l) => l.intent === null).length} out of scope)`);
