import { describe, expect, it } from "vitest";
import { tokenize } from "./features.ts";
import { skeleton, words } from "./normalize.ts";
import { stemMongolian } from "./stem.ts";
import { MAX_READINGS, latinReadings } from "./latin.ts";
import { seeded, typeLatin } from "./latin-typing.fixture.ts";

const sk = (text: string) => words(text).map(skeleton).join(" ");
const stems = (text: string) =>
  tokenize(text)
    .map((t) => t.stem)
    .join(" ");

describe("Mongolian text normalisation", () => {
  it("folds case and transliterates Cyrillic and Latin typing to one form", () => {
    expect(sk("Сайн байна уу")).toBe(sk("sain baina uu"));
    expect(sk("ХҮРГЭЛТ")).toBe(sk("hurgelt"));
    expect(sk("Цагийн хуваарь")).toBe(sk("tsagiin khuvaar"));
    expect(sk("цуцлах")).toBe(sk("cuclax"));
    expect(sk("шилжүүлэг")).toBe(sk("shiljuuleg"));
    expect(sk("ямар")).toBe(sk("yamar"));
    expect(sk("ёс")).toBe(sk("yos"));
    expect(sk("юу")).toBe(sk("yu"));
    expect(sk("чөлөө")).toBe(sk("chölöö"));
  });

  it("reads look-alikes of ө and ү (о, у, θ, ѳ, Kazakh ұ) and Latin letters in Cyrillic words", () => {
    expect(sk("өдөр")).toBe(sk("одор"));
    expect(sk("өдөр")).toBe(sk("θдθр"));
    expect(sk("өдөр")).toBe(sk("ѳдѳр"));
    expect(sk("үнэ")).toBe(sk("унэ"));
    expect(sk("үнэ")).toBe(sk("ұнэ"));
    expect(sk("захиалга")).toBe(sk("зaхиaлгa"));
    expect(sk("хүн")).toBe(sk("хvн"));
  });

  it("stems inflected forms to one stem", () => {
    expect(new Set(stems("хүргэлт хүргэлтийн хүргэлтээр хүргэлтэд").split(" ")).size).toBe(1);
    expect(stems("ажил ажлын")).toBe("ajl ajl");
    expect(stemMongolian(skeleton("номын"))).toBe(stemMongolian(skeleton("ном")));
    expect(stems("hurgeltiin")).toBe(stems("хүргэлтийн"));
  });

  it("marks stop words, Mongolian and Latin shorthand", () => {
    expect(tokenize("энэ юу вэ bn").map((t) => t.stop)).toEqual([true, false, true, true]);
  });
});

describe("Latin typing of Mongolian", () => {
  // Each Cyrillic word and ways people type it: ө as o, u, q, 6; ү as u, v, y; х as h, kh, x; ц as ts, c;
  // ч as ch; ш as sh; ы as ii, y, i; й as i, j; е as e, ye, yo; я as ya, ia; ю as yu, iu; ь dropped;
  // long vowels typed short and mixed ("uv" for үү).
  it.each([
    ["өгнө", ["ogno", "ugnu", "qgnq", "6gn6", "ugno"]],
    ["үнэ", ["une", "vne", "yne"]],
    ["хүргэлт", ["hurgelt", "khvrgelt", "xyrgelt", "hvrgelt"]],
    ["цуцлах", ["tsutslah", "cuclax", "cutslakh"]],
    ["чөлөө", ["chuluu", "cholqq", "ch6l66"]],
    ["шилжүүлэг", ["shiljuuleg", "shiljvvleg", "shiljuvleg", "shiljyyleg"]],
    ["барааны", ["baraanii", "baraany", "baraani", "barany"]],
    ["байна", ["baina", "bajna"]],
    ["гүйлгээ", ["guilgee", "gvilgee", "gvjlgee"]],
    ["ерөнхий", ["eronhii", "yeronhii", "yoronkhii", "yeronxij"]],
    ["материал", ["material", "matyerial"]],
    ["ямар", ["yamar", "iamar"]],
    ["юу", ["yuu", "iuu"]],
    ["ярьж", ["yarj", "yarij", "iarij"]],
    ["хуваарь", ["huvaari", "khuvaar", "xuwaari"]],
    ["өдөр", ["odor", "udur", "qdqr", "6d6r"]],
  ])("%s is among the readings of its Latin typings", (cyrillic, typings) => {
    for (const typed of typings) expect(latinReadings(typed), typed).toContain(skeleton(cyrillic));
  });

  it("keeps the word as typed first, and bounds the readings", () => {
    expect(latinReadings("hurgelt")[0]).toBe(skeleton("hurgelt"));
    expect(latinReadings("vvvvvvvvvvvvvvvvvvvv").length).toBeLessThanOrEqual(MAX_READINGS + 1);
  });

  it("types a message the ways people do, deterministically, mixing Cyrillic words in when asked", () => {
    const typed = typeLatin("Хүргэлт хэдэн хоногт ирэх вэ?", seeded(1));
    expect(typed).toBe(typeLatin("Хүргэлт хэдэн хоногт ирэх вэ?", seeded(1)));
    expect(typed).toMatch(/^[a-z6 ?]+$/);
    const mixed = Array.from({ length: 20 }, (_, i) => typeLatin("Барааны үнийг яаж төлөх вэ", seeded(i), { mixed: true }));
    expect(mixed.every((m) => /[a-z]/.test(m) && /[\u0400-\u04ff]/.test(m))).toBe(true);
  });
});
