export const dashboardKeys = {
  all: ["dashboard"] as const,
  figures: (query: Record<string, unknown>) => [...dashboardKeys.all, query] as const,
};
