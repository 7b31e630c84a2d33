import en from "./en.json";
import mn from "./mn.json";

export type Catalogue = typeof mn;
export const catalogues: Record<"mn" | "en", Catalogue> = { mn, en };

/** Looks up "a.b" in the catalogue and fills {{name}} placeholders. */
export function translate(catalogue: Catalogue, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? "");
}
