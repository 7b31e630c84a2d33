/**
 * `npm run eval:stemmer [-- <inflections.tsv>]`
 * Measures the answer engine's Mongolian stemmer (normalise to the skeleton, then stem) on UniMorph
 * Khalkha (unimorph/khk, CC BY-SA 3.0, from MorphyNet by Khuyagbaatar Batsuren): the share of lemmas
 * whose forms (the lemma included) all reduce to one stem, and over-merging — the share of lemmas whose
 * stem is also the stem of another lemma's form. Last line: one JSON object.
 */
import { readFileSync } from "node:fs";
import { skeleton, words } from "../apps/server/src/modules/answers/text/normalize.ts";
import { stemMongolian } from "../apps/server/src/modules/answers/text/stem.ts";

const file = process.argv[2] ?? "/work/shared/data/mn/unimorph_khk_inflections.tsv";
const stemOf = (text: string) =>
  words(text)
    .map((w) => stemMongolian(skeleton(w)))
    .join(" ");

const formsByLemma = new Map<string, Set<string>>();
for (const line of readFileSync(file, "utf8").split("\n")) {
  const [lemma, form] = line.split("\t");
  if (!lemma || !form) continue;
  const forms = formsByLemma.get(lemma) ?? new Set([lemma]);
  forms.add(form);
  formsByLemma.set(lemma, forms);
}

const lemmasByStem = new Map<string, Set<string>>();
let unified = 0;
let forms = 0;
let formsOnMainStem = 0;
const mainStem = new Map<string, string>();
for (const [lemma, lemmaForms] of formsByLemma) {
  const counts = new Map<string, number>();
  for (const form of lemmaForms) {
    const stem = stemOf(form);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
    const lemmas = lemmasByStem.get(stem) ?? new Set();
    lemmas.add(lemma);
    lemmasByStem.set(stem, lemmas);
  }
  const [top, topCount] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  mainStem.set(lemma, top);
  forms += lemmaForms.size;
  formsOnMainStem += topCount;
  if (counts.size === 1) unified++;
}
let overMerged = 0;
for (const [lemma, stem] of mainStem) if ((lemmasByStem.get(stem)?.size ?? 0) > 1 && lemma) overMerged++;

const lemmas = formsByLemma.size;
const result = {
  lemmas,
  forms,
  all_forms_one_stem: Number((unified / lemmas).toFixed(4)),
  forms_on_main_stem: Number((formsOnMainStem / forms).toFixed(4)),
  over_merged_lemmas: Number((overMerged / lemmas).toFixed(4)),
};
console.log(`${lemmas} lemmas, ${forms} forms (lemma included)`);
console.log(`lemmas whose forms all reduce to one stem: ${(result.all_forms_one_stem * 100).toFixed(1)}%`);
console.log(`forms reduced to their lemma's main stem: ${(result.forms_on_main_stem * 100).toFixed(1)}%`);
console.log(`over-merging (lemma's stem shared with another lemma): ${(result.over_merged_lemmas * 100).toFixed(1)}%`);
console.log(JSON.stringify(result));
