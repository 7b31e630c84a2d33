import { describe, expect, it } from "vitest";
import { loadCatalogues } from "./index.ts";
import { FIRST_SCREEN_NAMESPACES, NAMESPACES } from "./namespaces.ts";

const keys = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object"
    ? Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe("translations", () => {
  it("have the same namespaces and keys in mn and en, none empty", async () => {
    const resources = { mn: await loadCatalogues("mn"), en: await loadCatalogues("en") };
    const { mn, en } = resources;
    expect(Object.keys(en).sort()).toEqual(Object.keys(mn).sort());
    for (const namespace of Object.keys(mn)) {
      const mnKeys = keys(mn[namespace]).sort();
      const enKeys = keys(en[namespace]).sort();
      expect(enKeys, `en/${namespace}.json`).toEqual(mnKeys);
    }
    const values = (catalogue: unknown): unknown[] => (catalogue && typeof catalogue === "object" ? Object.values(catalogue).flatMap(values) : [catalogue]);
    for (const lang of ["mn", "en"] as const) expect(values(resources[lang]).filter((v) => typeof v !== "string" || !v.trim())).toEqual([]);
  });
});

describe("namespaces", () => {
  it("lists every locale file, and the bundled first-screen files are exactly the first screen's", async () => {
    const files = Object.keys(import.meta.glob("./locales/mn/*.json")).map((file) => file.replace(/^.*\/(\w+)\.json$/, "$1"));
    expect([...NAMESPACES].sort()).toEqual(files.sort());
    expect(Object.keys((await import("./locales/mn-first-screen.ts")).default).sort()).toEqual([...FIRST_SCREEN_NAMESPACES].sort());
  });
});
