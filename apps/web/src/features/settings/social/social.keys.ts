/**
 * The Pages a Facebook sign-in offers, per sign-in session. Not under `channelKeys`: refreshing the channel
 * list must not ask Facebook for the Pages again.
 */
export const messengerPageKeys = {
  all: ["messenger-pages"] as const,
  session: (session: string) => [...messengerPageKeys.all, session] as const,
};
