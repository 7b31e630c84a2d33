import { describe, expect, it } from "vitest";
import { tokenize } from "./features.ts";
import { skeleton, words } from "./normalize.ts";
import { stemMongolian } from "./stem.ts";

const sk = (text: string) => words(text).map(skeleton).join(" ");
const stems = (text: string) => tokenize(text).map((t) => t.stem).join(" ");

describe("Mongolian text normalisation", () => {
  it("folds case and transliterates Cyrillic and Latin typing to one form", () => {
    expect(sk("Сайн байна уу")).toBe(sk("sain baina uu"));
    expect(sk("ХҮРГЭЛТ")).toBe(sk("hurgelt"));
    expect(sk("Цагийн хуваарь")).toBe(sk("tsagiin khuvaari"));
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
