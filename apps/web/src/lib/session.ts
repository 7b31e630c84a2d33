import type { Permission } from "@holboo/core";
import { useQuery } from "@tanstack/react-query";
import { fetchMe } from "./api.ts";

/**
 * The signed-in person's caches. The person (GET /api/me) sits at `all` itself, so invalidating it also
 * refreshes their own settings below it (the tour, their alerts), as a new sign-in or profile change must.
 */
export const meKeys = {
  all: ["me"] as const,
  tour: () => [...meKeys.all, "tour"] as const,
  notifications: () => [...meKeys.all, "notifications"] as const,
};

/** The current user (GET /api/me). A 401 is not retried: it means "not logged in". */
export function useMe() {
  return useQuery({ queryKey: meKeys.all, queryFn: fetchMe, retry: false, staleTime: 60_000 });
}

/** Mirrors the permissions the server sent, for the UI only; the server checks again on every call. */
export function usePermission(permission: Permission): boolean {
  const { data } = useMe();
  return !!data?.permissions.includes(permission);
}
