import { LIMITS, type ContactTypeInput, type ContactView, type ImportMapping } from "@holboo/core";
import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { api, apiUrl, notifyError } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { fillEmpty, toInput, type ContactFormState } from "./contact-form.ts";
import { contactKeys, contactTypeKeys } from "./contacts.keys.ts";

// --- The contacts list screen (ContactsPage) ---

/** The query the contacts list sends: its filters and date range, then the page. */
export type ContactListQuery = Record<string, string | number | undefined>;

export const useContactList = (query: ContactListQuery) => useQuery({ queryKey: contactKeys.list(query), queryFn: () => api.get("/api/contacts", { query }) });

/** The export of the rows the list's filters show, as a download address. */
export const contactsExportUrl = (format: "csv" | "xlsx", filters: Record<string, string | undefined>) =>
  apiUrl("/api/contacts/export", { query: { ...filters, format } });

// --- One contact (ContactDetailPage, ContactFormDialog, MergeDialog) ---

export const useContact = (id: number) =>
  useQuery({ queryKey: contactKeys.one(id), queryFn: () => api.get("/api/contacts/:id", { params: { id } }), retry: false });

/** A contact's conversations, newest first. */
export const useContactInteractions = (contactId: number) =>
  useQuery({ queryKey: contactKeys.interactions(contactId), queryFn: () => api.get("/api/contacts/:id/interactions", { params: { id: contactId } }) });

/** Every contact cache reads again: a contact was saved, merged, imported or removed, or an add may have landed after all. */
export function useRefreshContacts() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: contactKeys.all });
}

/** A contact write of these screens, which refreshes every contact cache before the screen's own reactions. */
function useContactWrite<Input, Output>(write: (input: Input) => Promise<Output>, reactions: Omit<UseMutationOptions<Output, Error, Input>, "mutationFn">) {
  const refresh = useRefreshContacts();
  return useMutation({
    ...reactions,
    mutationFn: write,
    onSuccess: (...args) => {
      refresh();
      return reactions.onSuccess?.(...args);
    },
  });
}

export const useRemoveContact = (id: number, reactions: MutationReactions<() => Promise<unknown>>) =>
  useContactWrite(() => api.del("/api/contacts/:id", { params: { id } }), { onError: notifyError, ...reactions });

/** Saves the form: an edit of `contact`, or an add sent with the dialog's idempotency key, so a retry after a timeout never adds twice. */
export const useSaveContact = (
  contact: ContactView | null,
  idempotencyKey: string,
  reactions: MutationReactions<(values: ContactFormState) => Promise<ContactView>>,
) =>
  useContactWrite(
    (values: ContactFormState) =>
      contact
        ? api.put("/api/contacts/:id", { params: { id: contact.id }, body: toInput(values) })
        : api.post("/api/contacts", { body: { ...toInput(values), idempotency_key: idempotencyKey }, timeoutMs: LIMITS.contactAddTimeoutMs }),
    reactions,
  );

/**
 * The form's answer to "this e-mail or phone is another contact's": editing, the other contact merges into this one and
 * the edit is saved; adding, the form fills what the existing contact leaves empty.
 */
export const useMergeWithExisting = (
  contact: ContactView | null,
  reactions: MutationReactions<(input: { existingId: number; values: ContactFormState }) => Promise<ContactView>>,
) =>
  useContactWrite(async ({ existingId, values }: { existingId: number; values: ContactFormState }) => {
    if (contact) {
      await api.post("/api/contacts/merge", { body: { keep_id: contact.id, remove_id: existingId } });
      return api.put("/api/contacts/:id", { params: { id: contact.id }, body: toInput(values) });
    }
    const existing = await api.get("/api/contacts/:id", { params: { id: existingId } });
    return api.put("/api/contacts/:id", { params: { id: existingId }, body: fillEmpty(existing, values) });
  }, reactions);

/** Other contacts to merge into this one, by search. */
export const useMergeCandidates = (search: string) =>
  useQuery({ queryKey: contactKeys.mergeCandidates(search), queryFn: () => api.get("/api/contacts", { query: { search, page_size: 20 } }) });

export const useMergeContact = (keepId: number, reactions: MutationReactions<(removeId: number) => Promise<unknown>>) =>
  useContactWrite((removeId: number) => api.post("/api/contacts/merge", { body: { keep_id: keepId, remove_id: removeId } }), reactions);

// --- Import (ImportDialog) ---

const importForm = (file: File, mapping?: ImportMapping) => {
  const form = new FormData();
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", file);
  return form;
};

type ImportRows = { file: File; mapping: ImportMapping };
const inspectImport = (file: File) => api.upload("/api/contacts/import/inspect", importForm(file));
const previewImport = ({ file, mapping }: ImportRows) => api.upload("/api/contacts/import/preview", importForm(file, mapping));
const commitImport = ({ file, mapping }: ImportRows) => api.upload("/api/contacts/import", importForm(file, mapping));

/** The import's three steps: read the file's columns, check its rows by the mapping, and import them. */
export const useInspectImport = (reactions: MutationReactions<typeof inspectImport>) => useMutation({ ...reactions, mutationFn: inspectImport });
export const usePreviewImport = (reactions: MutationReactions<typeof previewImport>) => useMutation({ ...reactions, mutationFn: previewImport });
export const useCommitImport = (reactions: MutationReactions<typeof commitImport>) => useContactWrite(commitImport, reactions);

// --- Contact types (ContactTypesPage, the form's and the list's type pickers) ---

export const contactTypesQuery = { queryKey: contactTypeKeys.all, queryFn: () => api.get("/api/contact-types") };

/** Adds a type, or saves the one edited (`typeId`). */
export function useSaveContactType(typeId: number | null, reactions: MutationReactions<(values: ContactTypeInput) => Promise<unknown>>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (values: ContactTypeInput) =>
      typeId !== null ? api.put("/api/contact-types/:id", { params: { id: typeId }, body: values }) : api.post("/api/contact-types", { body: values }),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: contactTypeKeys.all });
      return reactions.onSuccess?.(...args);
    },
  });
}

export function useRemoveContactType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (typeId: number) => api.del("/api/contact-types/:id", { params: { id: typeId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactTypeKeys.all }),
  });
}
