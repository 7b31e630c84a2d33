import { useQuery } from "@tanstack/react-query";
import { api, apiUrl } from "../../lib/api.ts";
import { contactKeys } from "./contacts.keys.ts";

// --- The contacts list screen (ContactsPage) ---

/** The query the contacts list sends: its filters and date range, then the page. */
export type ContactListQuery = Record<string, string | number | undefined>;

export const useContactList = (query: ContactListQuery) => useQuery({ queryKey: contactKeys.list(query), queryFn: () => api.get("/api/contacts", { query }) });

/** The export of the rows the list's filters show, as a download address. */
export const contactsExportUrl = (format: "csv" | "xlsx", filters: Record<string, string | undefined>) =>
  apiUrl("/api/contacts/export", { query: { ...filters, format } });
