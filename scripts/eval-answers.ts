/**
 * `npm run eval:answers -- <dataset.jsonl> [--shots N] [--split test|val] [--pairs N]`
 * Evaluates the offline answer engine on an intent data set (format: ../shared/data/README.md). A
 * temporary company's agent gets one Q&A pair per intent whose question variants are that intent's
 * training examples (the first N with --shots); out-of-scope lines are never loaded. Every line of the
 * split is asked as a customer message. `--pairs N` pads the knowledge to N pairs with extra pairs built
 * from the data (each: ten training lines of random intents with their words shuffled), to measure
 * latency at that size. Prints in-scope accuracy, the share of in-scope lines answered with a wrong doc
 * (`wrong_rate`: a confident wrong answer, worse than a refusal or a choice), out-of-scope precision and
 * recall, p50/p95 latency of one answer; the last line is one JSON object.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { AnswerEngine } from "../apps/server/src/modules/answers/answers.engine.ts";
import type { KnowledgeDoc } from "../apps/server/src/modules/answers/knowledge-doc.ts";
import { MemoryKnowledgeSource } from "../apps/server/src/modules/answers/memory-source.ts";

interface Line {
  split: "train" | "val" | "test";
  text: string;
  intent: string | null;
}

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const file = process.argv.slice(2).find((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
if (!file) throw new Error("usage: npm run eval:answers -- <dataset.jsonl> [--shots N] [--split test|val] [--pairs N]");
const shots = Number(option("shots") ?? Infinity);
const split = option("split") ?? "test";
const pairs = Number(option("pairs") ?? 0);

const lines = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Line);

const examples = new Map<string, string[]>();
for (const line of lines) {
  if (line.split !== "train" || line.intent === null) continue;
  const list = examples.get(line.intent) ?? [];
  if (list.length < shots) list.push(line.text);
  examples.set(line.intent, list);
}
const docs: KnowledgeDoc[] = [...examples].map(([intent, questions], i) => ({
  id: `qa:${i + 1}`,
  kind: "qa",
  questions,
  answer: intent,
  title: intent,
  sourceId: i + 1,
}));

// Padding pairs from the data: deterministic, built from shuffled words of training lines.
let seed = 7;
const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const trainTexts = lines.filter((l) => l.split === "train" && l.intent !== null).map((l) => l.text);
for (let i = docs.length; i < pairs; i++) {
  const questions = Array.from({ length: 10 }, () => {
    const words = (trainTexts[Math.floor(random() * trainTexts.length)] ?? "").split(" ");
    return words.sort(() => random() - 0.5).join(" ");
  });
  docs.push({ id: `qa:${i + 1}`, kind: "qa", questions, answer: `padding ${i + 1}`, title: `padding ${i + 1}`, sourceId: i + 1 });
}

const source = new MemoryKnowledgeSource();
const engine = new AnswerEngine(source);
const companyId = 1;
const agentId = 1;
source.set(companyId, agentId, docs);
const buildStarted = performance.now();
// While the index builds, trains and embeds, the server must go on answering: the longest stall shows it.
const stalls = monitorEventLoopDelay({ resolution: 10 });
stalls.enable();
await engine.ready(companyId, agentId);
stalls.disable();
const index = await engine.index(companyId, agentId);
console.log(
  `${docs.length} pairs (${examples.size} intents, ${docs.reduce((n, d) => n + d.questions.length, 0)} variants), ` +
    `index, classifier and sentence vectors ready in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s ` +
    `(longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms), classifier: ${index.hasClassifier ? "yes" : "no"}, ` +
    `by meaning: ${index.hasMeanings ? "yes" : "no"}`,
);

const asked = lines.filter((l) => l.split === split);
const latencies: number[] = [];
let inScope = 0;
let inScopeRight = 0;
let inScopeWrong = 0;
let refusals = 0;
let refusalsRight = 0;
let outOfScope = 0;
const outcomes = new Map<string, number>();
for (const line of asked) {
  const started = performance.now();
  const result = await engine.ask({ companyId, agentId, message: line.text });
  latencies.push(performance.now() - started);
  outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
  const refused = result.outcome === "not_found" || result.outcome === "unrelated";
  const chosen = result.outcome === "answer" ? result.sources[0]?.title : result.outcome === "clarify" ? result.options[0]?.title : null;
  if (refused) refusals++;
  if (line.intent === null) {
    outOfScope++;
    if (refused) refusalsRight++;
  } else {
    inScope++;
    if (chosen === line.intent) inScopeRight++;
    else if (result.outcome === "answer") inScopeWrong++;
  }
}
latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const share = (a: number, b: number) => (b === 0 ? 0 : Number((a / b).toFixed(4)));
const result = {
  n_test: asked.length,
  in_scope_accuracy: share(inScopeRight, inScope),
  oos_precision: share(refusalsRight, refusals),
  oos_recall: share(refusalsRight, outOfScope),
  wrong_rate: share(inScopeWrong, inScope),
  p50_ms: Number(percentile(50).toFixed(2)),
  p95_ms: Number(percentile(95).toFixed(2)),
};
console.log(`split ${split}: ${inScope} in scope, ${outOfScope} out of scope; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
console.log(`in-scope accuracy ${(result.in_scope_accuracy * 100).toFixed(2)}%`);
console.log(`in scope answered with a wrong doc ${(result.wrong_rate * 100).toFixed(2)}% (a clarifying choice is not an answer)`);
console.log(`out-of-scope precision ${(result.oos_precision * 100).toFixed(2)}%, recall ${(result.oos_recall * 100).toFixed(2)}%`);
console.log(`latency p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms`);
// How soon the index follows an edit: change one pair, time until the next answer reflects it.
const edited = docs[0];
if (edited) {
  const started = performance.now();
  source.put(companyId, agentId, { ...edited, questions: [...edited.questions, "zzqx edit probe"] });
  const probe = await engine.ask({ companyId, agentId, message: "zzqx edit probe" });
  const followed = probe.outcome === "answer" && probe.sources[0]?.id === edited.id;
  console.log(`after an edit the next answer ${followed ? "used it" : "did NOT use it"} in ${(performance.now() - started).toFixed(0)} ms`);
}
engine.close();
console.log(JSON.stringify(result));
