import type { ListResponse, OutboxMailView } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http.ts";

export const outboxKey = ["outbox"] as const;
export const OUTBOX_PAGE_SIZE = 20;

/** The company's outbox (/api/outbox) or, for the platform admin, all mail (/api/admin/outbox). */
export function useOutbox(path: string, page: number) {
  return useQuery({
    queryKey: [...outboxKey, path, page],
    queryFn: () => http.get<ListResponse<OutboxMailView>>(path, { page, page_size: OUTBOX_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
