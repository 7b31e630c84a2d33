import type { EmailChannelView, EmailOAuthProvider } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { emailChannelKeys, emailOAuthKeys } from "./email.keys.ts";
import type { Values } from "./email-form.ts";

// --- The mail settings screen (EmailChannelsPage) ---

/** The mailbox a "sign in again" is for, kept while the browser is away at the provider. */
export const REAUTH_KEY = "holboo.email-oauth-mailbox";

export const useMailboxes = (companyId: number | undefined) =>
  useQuery({
    queryKey: emailChannelKeys.company(companyId),
    queryFn: () => api.get("/api/company/:company_id/channel/emails", { params: { company_id: companyId } }),
    enabled: companyId !== undefined,
  });

/** Sends the browser to the provider's sign-in; `mailboxId` is the mailbox signing in again (null: a new one). */
export function useEmailSignIn() {
  const signIn = useMutation({
    mutationFn: (provider: EmailOAuthProvider) => api.post("/api/email-oauth/:provider/start", { params: { provider } }),
    onSuccess: (started) => window.location.assign(started.url),
  });
  const start = (provider: EmailOAuthProvider, mailboxId: number | null) => {
    if (mailboxId === null) sessionStorage.removeItem(REAUTH_KEY);
    else sessionStorage.setItem(REAUTH_KEY, String(mailboxId));
    signIn.mutate(provider);
  };
  return { signIn, start };
}

/** The address a provider sign-in came back with (`?email_oauth=`), read once. */
export const useEmailOAuthLanding = (session: string | null) =>
  useQuery({
    queryKey: emailOAuthKeys.session(session),
    // Enabled only with a session, so the empty fallback is never sent.
    queryFn: () => api.post("/api/email-oauth/session", { body: { session: session ?? "" } }),
    enabled: !!session,
    retry: false,
  });

/** Saves a new or edited mailbox (the server checks the login on both servers first). */
export function useSaveMailbox(editing: EmailChannelView | "new" | null, handlers: { onSaved: () => void; onError: (error: unknown) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Values) =>
      editing && editing !== "new"
        ? api.put("/api/email-channels/:id", { params: { id: editing.id }, body: values })
        : api.post("/api/email-channels", { body: values }),
    onSuccess: () => {
      handlers.onSaved();
      void client.invalidateQueries({ queryKey: emailChannelKeys.all });
    },
    onError: handlers.onError,
  });
}
