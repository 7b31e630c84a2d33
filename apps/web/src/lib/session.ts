import type { Permission } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { fetchMe } from "./api.ts";

export const meQueryKey = ["me"] as const;

/** The current user (GET /api/me). A 401 is not retried: it means "not logged in". */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false, staleTime: 60_000 });
}

/** Mirrors the permissions the server sent, for the UI only; the server checks again on every call. */
export function usePermission(permission: Permission): boolean {
  const { data } = useMe();
  return !!data?.permissions.includes(permission);
}
