import { describe, expect, it } from "vitest";
import { firstLink, splitLinks } from "./linkify.ts";

describe("splitLinks", () => {
  it("cuts a mail text into text and links", () => {
    const text = "Сайн байна уу!\nУрилга: http://localhost:5173/?token=abc&userID=2&email=a%40b.mn.\nБаярлалаа";
    expect(splitLinks(text)).toEqual([
      { kind: "text", value: "Сайн байна уу!\nУрилга: " },
      { kind: "link", value: "http://localhost:5173/?token=abc&userID=2&email=a%40b.mn" },
      { kind: "text", value: ".\nБаярлалаа" },
    ]);
    expect(firstLink(text)).toBe("http://localhost:5173/?token=abc&userID=2&email=a%40b.mn");
  });

  it("leaves other schemes as text", () => {
    expect(splitLinks("javascript:alert(1) ftp://x")).toEqual([{ kind: "text", value: "javascript:alert(1) ftp://x" }]);
    expect(firstLink("no links")).toBeNull();
  });
});
