/**
 * The people caches. Lists with different filters are different queries with their own keys (the inbox's
 * assignee filter lists inactive people too, assigning offers only active ones), all under `all` so a change
 * to a person refreshes every one of them.
 */
export const userKeys = {
  all: ["users"] as const,
  list: (query: Record<string, unknown>) => [...userKeys.all, "list", query] as const,
  assigneeFilter: () => [...userKeys.all, "inbox", "assignee-filter"] as const,
  assignable: () => [...userKeys.all, "inbox", "assignable"] as const,
  transferTargets: () => [...userKeys.all, "transfer-targets"] as const,
  callCenter: () => [...userKeys.all, "call-center"] as const,
};

/** The role permission matrix of the roles tab. */
export const roleKeys = { all: ["roles"] as const };
