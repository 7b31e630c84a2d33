import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { outboxKeys } from "./outbox.keys.ts";

/** Where a list reads its mail: the company's outbox or every company's (platform admin). */
export type OutboxPath = "/api/outbox" | "/api/admin/outbox";
export const OUTBOX_PAGE_SIZE = 20;

/** The company's outbox (/api/outbox) or, for the platform admin, all mail (/api/admin/outbox). */
export function useOutbox(path: OutboxPath, page: number) {
  return useQuery({
    queryKey: outboxKeys.page(path, page),
    queryFn: () => api.get(path, { query: { page, page_size: OUTBOX_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
