import type { ModelProviderInput } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { modelProviderKeys } from "./ai.keys.ts";

export const useModelProvider = () => useQuery({ queryKey: modelProviderKeys.all, queryFn: () => api.get("/api/settings/model-provider") });

const saveModelProvider = (body: ModelProviderInput) => api.put("/api/settings/model-provider", { body });

/** The answer is the stored settings, so the cached ones are replaced rather than read again. */
export function useSaveModelProvider(reactions: MutationReactions<typeof saveModelProvider>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveModelProvider,
    onSuccess: (view, ...rest) => {
      client.setQueryData(modelProviderKeys.all, view);
      return reactions.onSuccess?.(view, ...rest);
    },
  });
}

export function useRemoveModelProvider(onRemoved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.del("/api/settings/model-provider"),
    onSuccess: () => {
      onRemoved();
      void client.invalidateQueries({ queryKey: modelProviderKeys.all });
    },
  });
}
