import { EMAIL_OAUTH_SERVERS, type EmailChannelView, type EmailOAuthSessionView } from "@holboo/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Values } from "./email-form.ts";
import { REAUTH_KEY, useEmailOAuthLanding } from "./email.queries.ts";

/**
 * Back from the provider (`?email_oauth=` or `?email_oauth_error=`): the form opens with the signed-in address, for a
 * new mailbox or the one signing in again, and the address loses the one-time session.
 */
export function useEmailOAuthReturn(
  mailboxes: readonly EmailChannelView[] | undefined,
  open: (target: EmailChannelView | "new", patch: Partial<Values>) => void,
) {
  const { t } = useTranslation("channels");
  const [params, setParams] = useSearchParams();
  const session = params.get("email_oauth");
  const [signedIn, setSignedIn] = useState<EmailOAuthSessionView | null>(null);
  const landed = useEmailOAuthLanding(session);
  useEffect(() => {
    const account = landed.data;
    if (!account || !session || !mailboxes) return;
    const target = mailboxes.find((mailbox) => String(mailbox.id) === sessionStorage.getItem(REAUTH_KEY));
    sessionStorage.removeItem(REAUTH_KEY);
    setSignedIn(account);
    const patch = { auth: account.provider, oauth_session: session, username: account.address };
    if (target) open(target, patch);
    else open("new", { ...patch, ...EMAIL_OAUTH_SERVERS[account.provider], address: account.address, name: t(`email.providers.${account.provider}`) });
    setParams({}, { replace: true });
  }, [landed.data, mailboxes]);
  return { signedIn, failed: !!params.get("email_oauth_error") || !!landed.error };
}
