/**
 * `npm run bench:flows [-- --conversations N --questions N --workers N]`
 * A published flow of 200 nodes with 50 question nodes (start, questions, a choice after each, responses,
 * success), and 1,000 conversations stepping through it at once: each customer asks one of the questions
 * (half typed in Latin letters), the answer engine matches it to a question node (words only, as the
 * runtime's matcher), the flow runs to its choice, and the customer's reply picks one and runs it to
 * success, their steps taken by 4 workers as the agent's turns are. One step is one customer message,
 * matching included. It runs in process over the runtime's
 * engine and matcher; storing the state is a row update per step, not measured here. The last line is
 * one JSON object with steps_per_s, p50_ms and p95_ms.
 */
import { performance } from "node:perf_hooks";
import type { FlowGraph } from "@holboo/core";
import { AnswerEngine } from "../apps/server/src/modules/answers/answers.engine.ts";
import { MemoryKnowledgeSource } from "../apps/server/src/modules/answers/memory-source.ts";
import { FlowEngine, type RunState } from "../apps/server/src/modules/flows/flow-engine.ts";
import { parseQuestionDocId, questionDocId } from "../apps/server/src/modules/flows/flows.source.ts";
import { arg } from "./lib/harness.ts";

const conversations = arg("conversations", 1000);
const questionCount = arg("questions", 50);
const workers = arg("workers", 4);
const TOTAL_NODES = 200;

const TOPICS = [
  ["хүргэлт", "hurgelt"],
  ["буцаалт", "butsaalt"],
  ["төлбөр", "tulbur"],
  ["хөнгөлөлт", "hungulult"],
  ["баталгаа", "batalgaa"],
  ["захиалга", "zahialga"],
  ["карт", "kart"],
  ["зээл", "zeel"],
  ["хүү", "huu"],
  ["данс", "dans"],
  ["нууц үг", "nuuts ug"],
  ["бүртгэл", "burtgel"],
  ["салбар", "salbar"],
  ["ажлын цаг", "ajliin tsag"],
  ["утас", "utas"],
  ["интернэт", "internet"],
  ["тариф", "tarif"],
  ["багц", "bagts"],
  ["нэхэмжлэх", "nehemjleh"],
  ["гэрээ", "geree"],
  ["даатгал", "daatgal"],
  ["тасалбар", "tasalbar"],
  ["нислэг", "nisleg"],
  ["ачаа", "achaa"],
  ["виз", "viz"],
  ["зочид буудал", "zochid buudal"],
  ["өрөө", "uruu"],
  ["хоол", "hool"],
  ["ширээ", "shiree"],
  ["цэнэглэх", "tsenegleh"],
  ["бонус", "bonus"],
  ["оноо", "onoo"],
  ["гишүүнчлэл", "gishuunchlel"],
  ["ажлын байр", "ajliin bair"],
  ["анкет", "anket"],
  ["сургалт", "surgalt"],
  ["бүртгүүлэх", "burtguuleh"],
  ["шалгалт", "shalgalt"],
  ["дүн", "dun"],
  ["тэтгэлэг", "tetgeleg"],
  ["эмч", "emch"],
  ["цаг авах", "tsag avah"],
  ["эм", "em"],
  ["шинжилгээ", "shinjilgee"],
  ["машин", "mashin"],
  ["засвар", "zasvar"],
  ["сэлбэг", "selbeg"],
  ["түрээс", "turees"],
  ["байр", "bair"],
  ["цахилгаан", "tsahilgaan"],
] as const;

/** start, questions, a choice node after each, responses shared between them, and success: 200 nodes. */
function buildGraph(): { graph: FlowGraph; phrases: Array<{ node: string; cyrillic: string; latin: string }> } {
  const box = { x: 0, y: 0, width: 160, height: 48 };
  const nodes: FlowGraph["nodes"] = [
    { id: "start", kind: "start", ...box, data: {} },
    { id: "done", kind: "success", ...box, data: { text: "Баярлалаа!" } },
  ];
  const edges: FlowGraph["edges"] = [];
  const link = (from: string, to: string, anchor: string | null = null) =>
    edges.push({ id: `${from}>${to}:${anchor}`, from, to, anchors: { from: anchor, to: null }, type: "smooth" });
  const responseCount = TOTAL_NODES - 2 - questionCount * 2;
  for (let r = 0; r < responseCount; r++) {
    nodes.push({ id: `r${r}`, kind: "response", ...box, data: { text: `Хариулт ${r}: {{topic}} талаар мэдээлэл.` } });
    link(`r${r}`, "done");
  }
  const phrases = [];
  for (let q = 0; q < questionCount; q++) {
    const [cyrillic, latin] = TOPICS[q % TOPICS.length] ?? ["асуулт", "asuult"];
    nodes.push({
      id: `q${q}`,
      kind: "question",
      ...box,
      data: { phrases: [`${cyrillic} талаар асуух`, `${cyrillic} хэрхэн шийдэх вэ`, `${cyrillic} мэдээлэл авах`] },
    });
    nodes.push({
      id: `b${q}`,
      kind: "button",
      ...box,
      data: {
        text: `${cyrillic}: юу сонирхож байна?`,
        choices: [
          { id: "more", label: "Дэлгэрэнгүй" },
          { id: "enough", label: "Болсон" },
        ],
      },
    });
    link("start", `q${q}`);
    link(`q${q}`, `b${q}`);
    link(`b${q}`, `r${q % Math.max(1, responseCount)}`, "more");
    link(`b${q}`, "done", "enough");
    phrases.push({ node: `q${q}`, cyrillic: `${cyrillic} хэрхэн шийдэх вэ`, latin: `${latin} herhen shiideh ve` });
  }
  return { graph: { nodes, edges }, phrases };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const { graph, phrases } = buildGraph();
  const COMPANY = 1;
  const AGENT = 1;
  const FLOW = 1;
  const VERSION = 1;
  const source = new MemoryKnowledgeSource();
  source.set(
    COMPANY,
    AGENT,
    graph.nodes
      .filter((n) => n.kind === "question")
      .map((n) => ({
        id: questionDocId(FLOW, VERSION, n.id),
        kind: "qa" as const,
        questions: n.data.phrases ?? [],
        answer: "",
        title: "Bench",
        sourceId: FLOW,
      })),
  );
  const matcher = new AnswerEngine(source, { encoder: null });
  await matcher.ready(COMPANY, AGENT);
  const engine = new FlowEngine({
    graph: async () => graph,
    published: async () => ({ versionId: VERSION }),
    callApi: async () => ({ ok: false, reason: "none" }),
  });

  const latencies: number[] = [];
  let matched = 0;
  let right = 0;
  let succeeded = 0;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    latencies.push(performance.now() - started);
    return result;
  };

  // Every conversation is open at once; their steps are taken in arrival order by as many workers as a
  // process runs jobs (JOB_CONCURRENCY, 4), as the agent's turns are. A step's time is its own work.
  const firstSteps = Array.from({ length: conversations }, (_, i) => async () => {
    const phrase = phrases[i % phrases.length];
    if (!phrase) return;
    const text = i % 2 ? phrase.latin : phrase.cyrillic;
    // The customer's question is matched and the flow runs to its choice.
    const first = await timed(async () => {
      const decision = await matcher.decide(COMPANY, AGENT, text);
      const hit = decision.outcome === "answer" ? parseQuestionDocId(decision.best.doc.id) : null;
      return hit ? { hit, run: await engine.enter(hit.flowId, hit.versionId, hit.nodeId, { topic: text }) } : null;
    });
    if (!first) return;
    matched++;
    if (first.hit.nodeId === phrase.node) right++;
    const state: RunState = first.run.state;
    // The reply is matched against the questions first (as the runtime does), then picks a choice and runs to success.
    queue.push(async () => {
      const reply = i % 3 ? "1" : "Болсон";
      const second = await timed(async () => {
        await matcher.decide(COMPANY, AGENT, reply);
        return engine.reply(state, reply);
      });
      if (second?.state.status === "success") succeeded++;
    });
  });
  const queue: Array<() => Promise<void>> = [...firstSteps];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let step = queue.shift(); step; step = queue.shift()) await step();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  matcher.close();
  const result = {
    nodes: graph.nodes.length,
    question_nodes: questionCount,
    conversations,
    steps: latencies.length,
    steps_per_s: Math.round(latencies.length / seconds),
    p50_ms: Math.round(percentile(latencies, 50) * 100) / 100,
    p95_ms: Math.round(percentile(latencies, 95) * 100) / 100,
    matched,
    matched_right_node: right,
    succeeded,
  };
  console.log(
    `flows: ${result.steps} steps of ${conversations} conversations in ${seconds.toFixed(2)} s; p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms; matched ${matched} (${right} the right node), ${succeeded} to success`,
  );
  console.log(JSON.stringify(result));
}

await main();
