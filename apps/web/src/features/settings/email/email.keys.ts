/** The company's mailboxes. */
export const emailChannelKeys = {
  all: ["email-channels"] as const,
  company: (companyId: number | undefined) => [...emailChannelKeys.all, companyId] as const,
};

/**
 * The address a provider sign-in came back with, per sign-in session. Its own root: refreshing the mailboxes
 * must not read the (single-use) session again.
 */
export const emailOAuthKeys = {
  all: ["email-oauth-session"] as const,
  session: (session: string | null) => [...emailOAuthKeys.all, session] as const,
};
