import type { PresenceSignal, UserView } from "@holboo/core";
import type { QueryClient } from "@tanstack/react-query";
import { userKeys } from "./users.keys.ts";

/**
 * Patches the person's row in every cached people list, instead of refetching them all: each sign-in's own socket
 * pushes one, so a refetch per push made every page load fetch its people twice.
 */
export function applyPresence(client: QueryClient, signal: PresenceSignal) {
  client.setQueriesData<{ items: UserView[] }>({ queryKey: userKeys.all }, (data) =>
    data && Array.isArray(data.items) && data.items.some((user) => user.ID === signal.user_id)
      ? { ...data, items: data.items.map((user) => (user.ID === signal.user_id ? { ...user, presence: signal.presence } : user)) }
      : data,
  );
}
