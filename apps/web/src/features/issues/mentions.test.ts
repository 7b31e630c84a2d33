import { describe, expect, it } from "vitest";
import { insertMention, matchingPeople, mentionQuery, mentionedIds } from "./mentions.ts";

const sara = { id: 2, name: "Сараа Бат" };
const bold = { id: 3, name: "Болд Дорж" };

describe("@mentions in issue comments", () => {
  it("notices an @ being typed at the start or after a space, not inside an e-mail", () => {
    expect(mentionQuery("@")).toBe("");
    expect(mentionQuery("Хараарай @са")).toBe("са");
    expect(mentionQuery("bold@nomin")).toBeNull();
    expect(mentionQuery("@Сараа Бат ")).toBeNull();
  });

  it("puts the full name in place of what was typed and keeps only mentions still in the text", () => {
    const text = insertMention("Хараарай @са", sara);
    expect(text).toBe("Хараарай @Сараа Бат ");
    expect(mentionedIds(`${text}ба @Болд Дорж`, [sara, bold, sara])).toEqual([2, 3]);
    expect(mentionedIds("Хараарай", [sara])).toEqual([]);
  });

  it("suggests colleagues whose name contains the query, case-insensitively", () => {
    expect(matchingPeople([sara, bold], "САР")).toEqual([sara]);
    expect(matchingPeople([sara, bold], "")).toEqual([sara, bold]);
  });
});
