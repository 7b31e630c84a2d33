import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { outboxKeys } from "./outbox.keys.ts";

/** Whose mail a list reads: the company's outbox or every company's (platform admin). */
export type OutboxScope = "company" | "admin";
export const OUTBOX_PAGE_SIZE = 20;

/** The company's outbox (/api/outbox) or, for the platform admin, all mail (/api/admin/outbox). */
export function useOutbox(scope: OutboxScope, page: number) {
  const path = scope === "admin" ? "/api/admin/outbox" : "/api/outbox";
  return useQuery({
    queryKey: outboxKeys.page(path, page),
    queryFn: () => api.get(path, { query: { page, page_size: OUTBOX_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
