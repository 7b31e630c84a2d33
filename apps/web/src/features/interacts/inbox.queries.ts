import type { UserView } from "@holboo/core";
import { http } from "../../lib/http.ts";

/**
 * The people lists of the inbox. They are different queries (the assignee filter lists every person, inactive
 * ones too, as they may still hold conversations; assigning offers only active people), so each has its own
 * key: one key for both let whichever loaded first answer for the other.
 */
export const inboxUserQueries = {
  assigneeFilter: () => ({
    queryKey: ["users", "inbox", "assignee-filter"] as const,
    queryFn: () => http.get<{ items: UserView[] }>("/api/users", { user_type: "human", page_size: 100 }).catch(() => ({ items: [] as UserView[] })),
  }),
  assignable: () => ({
    queryKey: ["users", "inbox", "assignable"] as const,
    queryFn: () =>
      http.get<{ items: UserView[] }>("/api/users", { user_type: "human", user_status: "active", page_size: 100 }).catch(() => ({ items: [] as UserView[] })),
  }),
};
