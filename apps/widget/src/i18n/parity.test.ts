import { describe, expect, it } from "vitest";
import { catalogues } from "./index.ts";

const keys = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object" ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe("widget translations", () => {
  it("have the same keys in mn and en", () => {
    expect(keys(catalogues.en).sort()).toEqual(keys(catalogues.mn).sort());
  });
});
