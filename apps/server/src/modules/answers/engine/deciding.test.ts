import { describe, expect, it } from "vitest";
import type { KnowledgeDoc } from "../knowledge-doc.ts";
import { tokenize } from "../text/features.ts";
import { byDecidingWord } from "./deciding.ts";

const doc = (title: string, questions: string[], answer = "…"): KnowledgeDoc => ({ id: `qa:${title}`, kind: "qa", questions, answer, title, sourceId: 1 });
const PRICE = doc("price", ["Хүргэлтийн үнэ хэд вэ?"]);
const DAYS = doc("days", ["Хүргэлт хэдэн хоногт ирэх вэ?"]);
const AREA = doc("area", ["Хүргэлт хаана хийдэг вэ?"]);
/** Every word equally specific, except words the knowledge never uses ("даатгал"), the most specific. */
const specificity = (known: string[]) => (token: { stem: string }) => (known.includes(token.stem) ? 1 : 9);
const KNOWN = tokenize("Хүргэлтийн үнэ хэд вэ хоногт хаана хийдэг ирэх").map((t) => t.stem);

const settle = (message: string, ranked: Array<[KnowledgeDoc, number]>) =>
  byDecidingWord(
    tokenize(message),
    ranked.map(([d, confidence]) => ({ doc: d, confidence })),
    specificity(KNOWN),
  );

describe("the deciding word", () => {
  it("puts first the doc that has the deciding word the leader lacks, though it scores lower", () => {
    const settled = settle("Хүргэлт хэд хоног вэ", [
      [PRICE, 0.32],
      [DAYS, 0.15],
      [AREA, 0.04],
    ]);
    expect(settled).toMatchObject({ kind: "leads", promoted: true, best: { doc: { title: "days" } } });
  });

  it("keeps the leader when it has every word, and tells which candidates lack one of its words", () => {
    const settled = settle("Хүргэлтийн үнэ хэд вэ", [
      [PRICE, 0.6],
      [DAYS, 0.3],
      [AREA, 0.1],
    ]);
    expect(settled).toMatchObject({ kind: "leads", promoted: false, best: { doc: { title: "price" } } });
    if (settled?.kind === "leads") expect(settled.alike({ doc: DAYS, confidence: 0.3 })).toBe(false);
  });

  it("is undecided when the deciding word is in none of the docs sharing the topic", () => {
    const settled = settle("Хүргэлтийн даатгал", [
      [PRICE, 0.33],
      [DAYS, 0.06],
      [AREA, 0.03],
    ]);
    expect(settled?.kind).toBe("undecided");
    if (settled?.kind === "undecided") expect(settled.options.map((o) => o.doc.title)).toEqual(["price", "days", "area"]);
  });

  it("leaves a leader alone that has a word of its own, or a message of one word", () => {
    expect(
      settle("Хүргэлтийн үнэ даатгал", [
        [PRICE, 0.4],
        [DAYS, 0.1],
      ]),
    ).toMatchObject({ kind: "leads", promoted: false });
    expect(
      settle("хүргэлт", [
        [PRICE, 0.4],
        [DAYS, 0.3],
      ]),
    ).toMatchObject({ kind: "leads", promoted: false });
  });

  it("does not count question words: хэд tells no price from days", () => {
    expect(
      settle("Хүргэлт хэд хоног вэ", [
        [doc("price", ["Хүргэлт хэд вэ"]), 0.3],
        [doc("days", ["Хүргэлт хэр удаан вэ"]), 0.05],
      ])?.kind,
    ).toBe("undecided");
  });
});
