import type { WebchatChannelInput, WebchatChannelView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { channelKeys } from "../channels/channels.keys.ts";
import { webchatChannelKeys } from "./webchat.keys.ts";

/** One web chat channel's settings (`id` from the address; none while adding one). */
export const useWebchatChannel = (id: string | undefined) =>
  useQuery({
    queryKey: webchatChannelKeys.one(Number(id)),
    queryFn: () => api.get("/api/webchat-channels/:id", { params: { id } }),
    enabled: !!id,
  });

const saveWebchatChannel = (id: number | null, body: WebchatChannelInput) =>
  id === null ? api.post("/api/webchat-channels", { body }) : api.put("/api/webchat-channels/:id", { params: { id }, body });

/** Adds a channel (`channel` null) or saves a changed one; the channel lists refresh and its own settings are the answer. */
export function useSaveWebchatChannel(
  channel: WebchatChannelView | null,
  reactions: MutationReactions<(body: WebchatChannelInput) => ReturnType<typeof saveWebchatChannel>>,
) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: WebchatChannelInput) => saveWebchatChannel(channel?.id ?? null, body),
    onSuccess: (saved, ...rest) => {
      void client.invalidateQueries({ queryKey: channelKeys.all });
      client.setQueryData(webchatChannelKeys.one(saved.id), saved);
      return reactions.onSuccess?.(saved, ...rest);
    },
  });
}

/** The header logo: uploading and removing it answer the channel, which replaces the cached one. */
export function useWebchatLogo(channelId: number) {
  const client = useQueryClient();
  const store = (saved: WebchatChannelView) => client.setQueryData(webchatChannelKeys.one(saved.id), saved);
  const upload = (form: FormData) => api.upload("/api/webchat-channels/:id/logo", form, { id: channelId });
  const remove = useMutation({ mutationFn: () => api.del("/api/webchat-channels/:id/logo", { params: { id: channelId } }), onSuccess: store });
  return { upload, store, remove };
}
