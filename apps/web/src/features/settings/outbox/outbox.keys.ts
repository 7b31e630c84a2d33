/** The mail the app kept: the company's outbox and the platform admin's, one page at a time. */
export const outboxKeys = {
  all: ["outbox"] as const,
  page: (path: string, page: number) => [...outboxKeys.all, path, page] as const,
};
