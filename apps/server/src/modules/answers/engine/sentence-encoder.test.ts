import { describe, expect, it } from "vitest";
import { universalSentenceEncoder as encoder } from "./sentence-encoder.ts";

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

describe("offline sentence encoder", () => {
  it("reads English, and leaves Mongolian in Cyrillic or Latin letters to the word features", () => {
    for (const text of ["when will my package arrive", "Can I pay by card?", "ok thanks"]) expect(encoder.reads(text), text).toBe(true);
    for (const text of ["хүргэлт хэд хоног вэ", "sain baina uu", "hurgelt hed honog ve", "zahialga tsutslah", "", "12345"])
      expect(encoder.reads(text), text).toBe(false);
  });

  it("puts sentences that mean the same closer than sentences that do not", async () => {
    const [delivery, parcel, weather] = await encoder.embed(["How long does delivery take?", "When will my package arrive?", "Will it rain tomorrow?"]);
    if (!delivery || !parcel || !weather) throw new Error("three vectors expected");
    expect(delivery).toHaveLength(512);
    expect(cosine(delivery, delivery)).toBeCloseTo(1, 4);
    expect(cosine(delivery, parcel)).toBeGreaterThan(cosine(delivery, weather) + 0.1);
  });
});
