/** The contact caches, all under `all` so a saved, merged, imported or removed contact refreshes every one of them. */
export const contactKeys = {
  all: ["contacts"] as const,
  list: (query: Record<string, unknown>) => [...contactKeys.all, "list", query] as const,
  /** The start-a-conversation picker's search. */
  pick: (search: string) => [...contactKeys.all, "pick", search] as const,
  mergeCandidates: (search: string) => [...contactKeys.all, "merge-candidates", search] as const,
  one: (id: number) => [...contactKeys.all, "one", id] as const,
  interactions: (id: number) => [...contactKeys.one(id), "interactions"] as const,
};

export const contactTypeKeys = { all: ["contact-types"] as const };
