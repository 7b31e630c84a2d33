import type { ListResponse, Role, UserStatus, UserType, UserView } from "@holboo/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http.ts";

export const usersKey = ["users"] as const;
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
    queryKey: [...usersKey, "list", query],
    queryFn: () => http.get<ListResponse<UserView>>("/api/users", query),
    placeholderData: keepPreviousData,
  });
}
