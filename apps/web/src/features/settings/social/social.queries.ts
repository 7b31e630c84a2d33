import type { ChannelView, MessengerChannelInput, MessengerChannelUpdate, ViberChannelInput, ViberChannelUpdate } from "@holboo/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { channelKeys } from "../channels/channels.keys.ts";
import { messengerPageKeys } from "./social.keys.ts";

/** A connected Messenger Page's or Viber bot's own settings (the edit dialog, a Viber row's approval). */
export const useSocialChannel = (channel: ChannelView | null) =>
  useQuery({
    queryKey: channelKeys.social(channel?.id),
    // Async so the two routes' answers make one union type.
    queryFn: async () =>
      channel?.type === "viber"
        ? api.get("/api/viber-channels/:id", { params: { id: channel.id } })
        : api.get("/api/messenger-channels/:id", { params: { id: channel?.id } }),
    enabled: !!channel,
  });

export const saveViberChannel = (id: number, body: ViberChannelUpdate) => api.put("/api/viber-channels/:id", { params: { id }, body });
export const saveMessengerChannel = (id: number, body: MessengerChannelUpdate) => api.put("/api/messenger-channels/:id", { params: { id }, body });

/** A connected channel's edit form: `send` is the channel's own save (saveViberChannel, saveMessengerChannel). */
export const useSaveSocialChannel = <V>(send: (values: V) => Promise<unknown>, reactions: MutationReactions<typeof send>) =>
  useMutation({ ...reactions, mutationFn: send });

const connectViber = (body: ViberChannelInput) => api.post("/api/viber-channels", { body });
/** Connects a Viber bot by its token; the server checks it with Viber first. */
export const useConnectViber = (reactions: MutationReactions<typeof connectViber>) => useMutation({ ...reactions, mutationFn: connectViber });

/** The Pages a Facebook sign-in (`session`) may connect. */
export const useMessengerPages = (session: string) =>
  useQuery({ queryKey: messengerPageKeys.session(session), queryFn: () => api.post("/api/messenger/pages", { body: { session } }) });

const connectMessenger = (body: MessengerChannelInput) => api.post("/api/messenger-channels", { body });
export const useConnectMessenger = (reactions: MutationReactions<typeof connectMessenger>) => useMutation({ ...reactions, mutationFn: connectMessenger });

/** Sends the browser to Facebook Login, which comes back with `?messenger_session=`. */
export const useFacebookLogin = () =>
  useMutation({ mutationFn: () => api.get("/api/messenger/login"), onSuccess: (login) => window.location.assign(login.url) });
