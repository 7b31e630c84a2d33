import type { UserView } from "@holboo/core";
import { api } from "../../lib/api.ts";
import { userKeys } from "../settings/users/users.keys.ts";

/** A failed list leaves the pickers empty instead of failing the inbox. */
const noPeople = (): { items: UserView[] } => ({ items: [] });

/**
 * The people lists of the inbox. They are different queries (the assignee filter lists every person, inactive
 * ones too, as they may still hold conversations; assigning offers only active people), so each has its own
 * key: one key for both let whichever loaded first answer for the other.
 */
export const inboxUserQueries = {
  assigneeFilter: () => ({
    queryKey: userKeys.assigneeFilter(),
    queryFn: () => api.get("/api/users", { query: { user_type: "human", page_size: 100 } }).catch(noPeople),
  }),
  assignable: () => ({
    queryKey: userKeys.assignable(),
    queryFn: () => api.get("/api/users", { query: { user_type: "human", user_status: "active", page_size: 100 } }).catch(noPeople),
  }),
};
