import type { Role, UserStatus, UserType } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { userKeys } from "./users.keys.ts";

export const USERS_PAGE_SIZE = 20;

export interface UserFilters {
  user_type: UserType | null;
  user_status: UserStatus | null;
  role: Role | null;
  search: string;
}

export const NO_FILTERS: UserFilters = { user_type: null, user_status: null, role: null, search: "" };

/** GET /api/users with the table's filters and page (spec §7: items and total). */
export function useUsers(filters: UserFilters, page: number) {
  const query = { ...filters, page, page_size: USERS_PAGE_SIZE };
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => api.get("/api/users", { query }),
    placeholderData: keepPreviousData,
  });
}
