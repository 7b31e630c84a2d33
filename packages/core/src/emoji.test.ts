import { describe, expect, it } from "vitest";
import { EMOJI_CODES, convertEmoji } from "./emoji.ts";

describe("emoji converter", () => {
  it("maps about 100 chat codes", () => {
    expect(Object.keys(EMOJI_CODES).length).toBeGreaterThanOrEqual(100);
  });

  it("converts codes standing alone, longest first", () => {
    expect(convertEmoji("Сайн байна уу :)")).toBe("Сайн байна уу 🙂");
    expect(convertEmoji(":D баярлалаа <3")).toBe("😃 баярлалаа ❤️");
    expect(convertEmoji("Уучлаарай :'( ")).toBe("Уучлаарай 😢 ");
    expect(convertEmoji(">:( уурлав")).toBe("😠 уурлав");
    expect(convertEmoji("Гоё! :+1:")).toBe("Гоё! 👍");
    expect(convertEmoji("ok :).")).toBe("ok 🙂.");
  });

  it("leaves URLs, times and codes inside words alone", () => {
    expect(convertEmoji("https://holboo.mn/:D")).toBe("https://holboo.mn/:D");
    expect(convertEmoji("Уулзалт 10:30-д")).toBe("Уулзалт 10:30-д");
    expect(convertEmoji("abc:)def")).toBe("abc:)def");
  });
});
