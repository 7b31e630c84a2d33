import { describe, expect, it } from "vitest";
import { resources } from "./index.ts";

const keys = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object"
    ? Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe("translations", () => {
  it("have the same namespaces and keys in mn and en, none empty", () => {
    const mn = resources.mn ?? {};
    const en = resources.en ?? {};
    expect(Object.keys(en).sort()).toEqual(Object.keys(mn).sort());
    for (const namespace of Object.keys(mn)) {
      const mnKeys = keys(mn[namespace]).sort();
      const enKeys = keys(en[namespace]).sort();
      expect(enKeys, `en/${namespace}.json`).toEqual(mnKeys);
    }
    const values = (catalogue: unknown): unknown[] =>
      catalogue && typeof catalogue === "object" ? Object.values(catalogue).flatMap(values) : [catalogue];
    for (const lang of ["mn", "en"]) expect(values(resources[lang]).filter((v) => typeof v !== "string" || !v.trim())).toEqual([]);
  });
});
