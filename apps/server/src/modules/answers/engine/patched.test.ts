import { describe, expect, it } from "vitest";
import { SHOP_PAIRS, pairByKey } from "../answers.fixture.ts";
import { decide } from "./decide.ts";
import { KnowledgeIndex } from "./index.ts";
import { PatchedIndex } from "./patched.ts";

const answered = (index: Parameters<typeof decide>[0], message: string) => {
  const d = decide(index, message);
  return d.outcome === "answer" ? d.best.doc.title : `(${d.outcome})`;
};

describe("patching a large index after a small edit", () => {
  const base = new KnowledgeIndex(SHOP_PAIRS);

  it("answers from changed and new docs at once, and never from removed or replaced ones", () => {
    const hours = pairByKey("hours");
    const current = [
      ...SHOP_PAIRS.filter((d) => d.title !== "parking" && d.title !== "hours"),
      { ...hours, answer: "Өдөр бүр 10:00-22:00." },
      {
        id: "qa:300",
        kind: "qa" as const,
        questions: ["Тэжээвэр амьтантай орж болох уу?"],
        answer: "Жижиг амьтантай орж болно.",
        title: "pets",
        sourceId: 300,
      },
    ];
    const patched = PatchedIndex.over(base, current, { minVariants: 0, maxShare: 0.2 });
    expect(patched).not.toBeNull();
    if (!patched) return;
    expect(patched.docs).toHaveLength(current.length);
    expect(answered(patched, "Тэжээвэр амьтантай орж болох уу")).toBe("pets");
    const edited = decide(patched, "Хэдэн цагт хаадаг вэ");
    expect(edited.outcome === "answer" && edited.best.doc.answer).toBe("Өдөр бүр 10:00-22:00.");
    expect(answered(patched, "Машины зогсоол бий юу")).not.toBe("parking");
    expect(answered(patched, "Картаар төлж болох уу")).toBe(answered(base, "Картаар төлж болох уу"));
    // Latin typing is read with the new docs' words too.
    expect(answered(patched, "tejeever amitantai orj boloh vv")).toBe("pets");
  });

  it("rebuilds in full when too much changed", () => {
    expect(PatchedIndex.over(base, SHOP_PAIRS.slice(0, 20), { minVariants: 0, maxShare: 0.2 })).toBeNull();
    expect(PatchedIndex.over(base, SHOP_PAIRS)).toBeNull();
  });
});
