import type { SetPasswordInput, UpdateProfileInput } from "@holboo/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { meKeys } from "../../lib/session.ts";

const saveProfile = (body: UpdateProfileInput) => api.put("/api/me", { body });
const setPassword = (body: SetPasswordInput) => api.put("/api/me/password", { body });

/** PUT /api/me; the answer is the new /api/me, so the session's copy is replaced rather than read again. */
export function useSaveProfile(reactions: MutationReactions<typeof saveProfile>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveProfile,
    onSuccess: (updated, ...rest) => {
      client.setQueryData(meKeys.all, updated);
      return reactions.onSuccess?.(updated, ...rest);
    },
  });
}

export const useSetPassword = (reactions: MutationReactions<typeof setPassword>) => useMutation({ ...reactions, mutationFn: setPassword });

/** An invited colleague's first password: /api/me is read again before the prompt settles, and its `needs_password` closes it. */
export function useSetFirstPassword(reactions: MutationReactions<typeof setPassword>) {
  const client = useQueryClient();
  return useSetPassword({ ...reactions, onSuccess: () => client.invalidateQueries({ queryKey: meKeys.all }) });
}
