import type { ChannelView } from "@holboo/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { channelKeys } from "./channels.keys.ts";

/**
 * A channel list's row actions: switch a channel on or off, remove it; either refreshes every channel list. Apart from
 * channels.queries.ts, which the inbox's first screen loads, so that screen does not carry them.
 */
export function useChannelActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: channelKeys.all });
  const toggle = useMutation({
    mutationFn: (c: ChannelView) => api.put("/api/channels/:id/active", { params: { id: c.id }, body: { active: !c.active } }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (c: ChannelView) => api.del("/api/channels/:id", { params: { id: c.id } }), onSuccess: refresh });
  return { refresh, toggle, remove };
}
