import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { parseExactJson } from "./raw-body.ts";

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return null;
};

describe("parseExactJson (webhook bodies)", () => {
  it("keeps every digit of an integer beyond 2^53, which JSON.parse rounds", () => {
    // Viber's documented message token, and its neighbour that JSON.parse reads as the same number.
    const text = '{"message_token":5741311803571721087,"next":5741311803571721088,"negative":-9223372036854775808}';
    expect(JSON.parse(text)).toEqual({ message_token: 5741311803571721000, next: 5741311803571721000, negative: -9223372036854776000 });
    expect(parseExactJson(text)).toEqual({ message_token: "5741311803571721087", next: "5741311803571721088", negative: "-9223372036854775808" });
  });

  it("reads every other value exactly as JSON.parse does", () => {
    const texts = [
      '{"timestamp":1457764197627,"lat":47.918,"lon":-106.917,"size":0,"ok":true,"none":null,"s":"1234567890123456789"}',
      '[9007199254740991,-9007199254740991,1e21,1.5e-7,12345678901234567.5,0.1,-0,"\\u00e4\\u00f6\\u00e5",{"a":[{}]}]',
      '{"psid":"2412345678901234","app_id":263902037430900,"nested":{"list":[1,2,3]}}',
      '"just a string"',
      "42",
    ];
    for (const text of texts) expect(parseExactJson(text)).toEqual(JSON.parse(text));
  });

  it("keeps the last of a repeated key, as JSON.parse does, on both paths", () => {
    expect(parseExactJson('{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(parseExactJson('{"id":"x","a":1,"a":5741311803571721087}')).toEqual({ id: "x", a: "5741311803571721087" });
  });

  it("refuses what every body is refused for: bad JSON, __proto__ keys, deep nesting, text PostgreSQL cannot store", () => {
    for (const text of ['{"a":', "{'a':1}", '{"a":12345678901234567,}', '{"a":1} x']) expect(codeOf(() => parseExactJson(text))).toBe("invalid_parameters");
    expect(codeOf(() => parseExactJson('{"__proto__":{"admin":true}}'))).toBe("invalid_parameters");
    expect(codeOf(() => parseExactJson('{"n":12345678901234567,"x":{"__proto__":{"admin":true}}}'))).toBe("invalid_parameters");
    expect(codeOf(() => parseExactJson(`${"[".repeat(200)}${"]".repeat(200)}`))).toBe("body_too_deep");
    expect(codeOf(() => parseExactJson('{"n":12345678901234567,"text":"a\\u0000b"}'))).toBe("text_invalid");
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
