/** The inbox's conversation caches: the lists (one per tab, page and filters), each open conversation and the tab's unread count. */
export const interactionKeys = {
  all: ["interactions"] as const,
  lists: () => [...interactionKeys.all, "list"] as const,
  list: (query: Record<string, unknown>) => [...interactionKeys.lists(), query] as const,
  one: (id: number) => [...interactionKeys.all, "one", id] as const,
  unread: () => [...interactionKeys.all, "unread"] as const,
};
