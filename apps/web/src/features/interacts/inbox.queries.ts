import type { AssignInput, CloseInteractionInput, StartInteractionInput, UserView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, notifyError } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { contactKeys } from "../contacts/contacts.keys.ts";
import { interactionTagKeys, savedResponseKeys } from "../settings/library/library.keys.ts";
import { userKeys } from "../settings/users/users.keys.ts";
import type { OutgoingMessage } from "./Composer.tsx";
import { interactionKeys } from "./interactions.keys.ts";

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

/** The company's interaction tags (the inbox's filter, the tag dialog and their settings page). */
export const useInteractionTags = () => useQuery({ queryKey: interactionTagKeys.all, queryFn: () => api.get("/api/interaction-tags") });

// --- The list (InboxList) ---

/** The query the inbox list sends: tab, page, search, filters and date range. */
export type InboxListQuery = Record<string, string | number | null | undefined>;

export const useInboxList = (query: InboxListQuery, enabled: boolean) =>
  useQuery({ queryKey: interactionKeys.list(query), queryFn: () => api.get("/api/interactions", { query }), enabled });

// --- One conversation (ThreadView): its row, its thread's pages and events, reading and sending ---

/** One conversation, as the thread and an alert's link read it. */
export const interactionQuery = (id: number) => ({
  queryKey: interactionKeys.one(id),
  queryFn: () => api.get("/api/interactions/:id", { params: { id } }),
});
export const useInteraction = (id: number) => useQuery(interactionQuery(id));

/** The thread's calls: its messages page by page (newest first, or `before` a sequence number) and its events `after` one. */
export const threadCalls = {
  messages: (id: number, query: { before?: number; limit: number }) => api.get("/api/interactions/:id/messages", { params: { id }, query }),
  events: (id: number, after: number) => api.get("/api/interactions/:id/events", { params: { id }, query: { after, limit: 500 } }),
  /** Read by this person and seen by staff up to `upToSeq`. */
  seen: (id: number, upToSeq: number) => api.post("/api/interactions/:id/seen", { params: { id }, body: { up_to_seq: upToSeq } }),
  send: (id: number, message: OutgoingMessage) =>
    api.post("/api/interactions/:id/messages", {
      params: { id },
      body: {
        client_id: message.client_id,
        text: message.text,
        attachment_ids: message.attachments.map((a) => a.file_id),
        is_private: message.is_private,
      },
    }),
};

/** E-mail in "draft" mode: the virtual agent's draft for the newest customer mail (`seq`), asked again until it comes. */
export const useEmailDraft = (id: number, seq: number, enabled: boolean) =>
  useQuery({
    queryKey: interactionKeys.emailDraft(id, seq),
    queryFn: () => api.get("/api/interactions/:id/email-draft", { params: { id } }),
    enabled,
    refetchInterval: (query) => (query.state.data?.draft || query.state.dataUpdateCount > 10 ? false : 3000),
  });

/** A received mail as written (`images`: with its remote images), kept for the page's life. */
export const useEmailMessage = (id: number, messageId: number, images: boolean) =>
  useQuery({
    queryKey: interactionKeys.email(id, messageId, images),
    queryFn: () =>
      api.get("/api/interactions/:id/messages/:message_id/email", {
        params: { id, message_id: messageId },
        query: { images: images ? "1" : "0" },
      }),
    retry: false,
    staleTime: Infinity,
  });

/** Whether the customer has the chat open now; signals keep it current after this first answer. */
export const useContactPresence = (id: number) =>
  useQuery({ queryKey: interactionKeys.presence(id), queryFn: () => api.get("/api/interactions/:id/presence", { params: { id } }) });

// --- The composer (Composer) ---

/** Saved responses whose key starts with what follows the `/` (null: none asked). */
export const useSlashResponses = (slash: string | null) =>
  useQuery({
    queryKey: savedResponseKeys.slash(slash ?? ""),
    queryFn: () => api.get("/api/saved-responses", { query: { search: slash ?? "", page_size: 8 } }),
    enabled: slash !== null,
  });

const aiDraft = (id: number) => api.post("/api/interactions/:id/ai-draft", { params: { id } });
export const useAiDraft = (id: number, reactions: MutationReactions<() => ReturnType<typeof aiDraft>>) =>
  useMutation({ ...reactions, mutationFn: () => aiDraft(id) });

/** A file attached to the message being written; the answer is the stored attachment. */
export { uploadAttachment } from "../../lib/attachments.ts";

// --- A conversation's actions (InteractionActions, InteractionDialogs, MessengerHandover) ---

export type InteractionAction =
  { path: "take-over" | "hand-back" | "escalate" } | { path: "assign"; body: AssignInput } | { path: "close"; body: CloseInteractionInput };

/** Take over, hand back, escalate, assign or close; every conversation cache refreshes after. */
export function useInteractionAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: InteractionAction) => {
      const params = { id };
      if (action.path === "assign") return api.post("/api/interactions/:id/assign", { params, body: action.body });
      if (action.path === "close") return api.post("/api/interactions/:id/close", { params, body: action.body });
      return api.post(`/api/interactions/:id/${action.path}`, { params });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: interactionKeys.all }),
  });
}

const requestRating = (id: number) => api.post("/api/interactions/:id/rating-request", { params: { id } });
export const useRequestRating = (id: number, reactions: MutationReactions<() => ReturnType<typeof requestRating>>) =>
  useMutation({ ...reactions, mutationFn: () => requestRating(id) });

const saveTags = (id: number, tagIds: number[]) => api.put("/api/interactions/:id/tags", { params: { id }, body: { tag_ids: tagIds } });
export const useSaveInteractionTags = (id: number, reactions: MutationReactions<(tagIds: number[]) => ReturnType<typeof saveTags>>) =>
  useMutation({ ...reactions, mutationFn: (tagIds: number[]) => saveTags(id, tagIds) });

/** Messenger's thread owner (`version` changes with each handover event), and passing it to the Page inbox or taking it back. */
export function useMessengerThread(id: number, version: number) {
  const client = useQueryClient();
  const key = interactionKeys.messengerThread(id, version);
  const thread = useQuery({ queryKey: key, queryFn: () => api.get("/api/interactions/:id/messenger-thread", { params: { id } }) });
  const move = useMutation({
    mutationFn: (edge: "pass" | "take") =>
      edge === "pass"
        ? api.post("/api/interactions/:id/messenger-thread/pass", { params: { id } })
        : api.post("/api/interactions/:id/messenger-thread/take", { params: { id } }),
    onSuccess: (state) => client.setQueryData(key, state),
    onError: notifyError,
  });
  return { thread, move };
}

// --- Starting a conversation (StartInteractionDialog) ---

/** Contacts matching what is typed in the start dialog's picker. */
export const useContactPick = (search: string) =>
  useQuery({ queryKey: contactKeys.pick(search), queryFn: () => api.get("/api/contacts", { query: { search, page_size: 20 } }) });

/** The chosen contact, with the addresses that decide which channels can reach them. */
export const useContact = (id: number) =>
  useQuery({ queryKey: contactKeys.one(id), queryFn: () => api.get("/api/contacts/:id", { params: { id } }), enabled: id > 0 });

/** After starting or writing into a conversation, every conversation cache refreshes. */
export function useRefreshInteractions() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: interactionKeys.all });
}

const startInteraction = (body: StartInteractionInput) => api.post("/api/interactions", { body });
export const useStartInteraction = (reactions: MutationReactions<typeof startInteraction>) => useMutation({ ...reactions, mutationFn: startInteraction });

/** Sends what was typed into the contact's conversation already open (`client_id` makes a retried send count once). */
const sendInto = (target: { interactionId: number; clientId: string; text: string }) =>
  api.post("/api/interactions/:id/messages", { params: { id: target.interactionId }, body: { client_id: target.clientId, text: target.text } });
export const useSendIntoInteraction = (reactions: MutationReactions<typeof sendInto>) => useMutation({ ...reactions, mutationFn: sendInto });
