/**
 * The inbox's conversation caches: the lists (one per tab, page and filters), each open conversation and the
 * tab's unread count, and the per-conversation extras (presence, a mail's body, the draft, Messenger's thread).
 * The extras sit beside `one(id)`, not under it: refreshing a conversation does not refetch its mails.
 */
export const interactionKeys = {
  all: ["interactions"] as const,
  lists: () => [...interactionKeys.all, "list"] as const,
  list: (query: Record<string, unknown>) => [...interactionKeys.lists(), query] as const,
  one: (id: number) => [...interactionKeys.all, "one", id] as const,
  unread: () => [...interactionKeys.all, "unread"] as const,
  presence: (id: number) => [...interactionKeys.all, "presence", id] as const,
  email: (id: number, messageId: number, images: boolean) => [...interactionKeys.all, "email", id, messageId, images] as const,
  emailDraft: (id: number, afterSeq: number) => [...interactionKeys.all, "email-draft", id, afterSeq] as const,
  messengerThread: (id: number, version: number) => [...interactionKeys.all, "messenger-thread", id, version] as const,
};
