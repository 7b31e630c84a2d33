/** One language's translations: { namespace: catalogue }. */
export type Catalogue = Record<string, unknown>;
export type Catalogues = Record<string, Catalogue>;

/** { "./mn/common.json": {...}, … } (an import.meta.glob) as { common: {...}, … }. */
export function byNamespace(files: Record<string, Catalogue>): Catalogues {
  const catalogues: Catalogues = {};
  for (const [file, catalogue] of Object.entries(files)) {
    const [, namespace = ""] = /\/(\w+)\.json$/.exec(file) ?? [];
    catalogues[namespace] = catalogue;
  }
  return catalogues;
}
