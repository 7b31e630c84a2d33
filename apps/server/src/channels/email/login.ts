import type { EmailOAuthProvider } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { channelSecrets, saveChannelSecrets } from "../secrets.ts";
import type { MailboxLogin } from "./connect.ts";
import * as repo from "./email.repo.ts";
import { GrantRevoked, needsRefresh, refreshTokens, type OAuthSecrets } from "./oauth.ts";
import { tellAdminsToReconnect } from "./reconnect-notice.ts";

/** The provider refused the mailbox's OAuth2 grant: the mailbox waits for an admin to sign in again. */
export class MailboxNeedsReconnect extends Error {}

export const isOAuth = (mailbox: Pick<repo.MailboxRow, "auth">): mailbox is repo.MailboxRow & { auth: EmailOAuthProvider } =>
  mailbox.auth === "google" || mailbox.auth === "microsoft";

/**
 * How to log in to a mailbox now: its password, or a valid OAuth2 access token. A token within minutes of
 * expiry is refreshed first, under the channel row's lock (the reader, deliveries and an import may all
 * need it at once; the first refreshes, the others find the new token), and the new tokens are stored
 * sealed in the same transaction, so a restart finds them. A refused grant (`invalid_grant`) marks the
 * mailbox `reconnect` (mailing its admins once) and throws MailboxNeedsReconnect; an unreachable token endpoint throws for a retry.
 * Returns null when the secrets are missing; throws when they do not open with this process's key.
 */
export async function mailboxLogin(ctx: AppContext, channel: ChannelRow, mailbox: repo.MailboxRow): Promise<MailboxLogin | null> {
  if (!isOAuth(mailbox)) {
    const secrets = channelSecrets<{ password: string }>(ctx.secrets, channel);
    return secrets ? { ...mailbox, password: secrets.password } : null;
  }
  if (mailbox.state === "reconnect") throw new MailboxNeedsReconnect();
  let tokens = channelSecrets<OAuthSecrets>(ctx.secrets, channel);
  if (!tokens) return null;
  if (needsRefresh(tokens)) {
    try {
      tokens = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockChannelSecrets(tx, channel.companyId, channel.id);
        const current = locked ? channelSecrets<OAuthSecrets>(ctx.secrets, locked) : null;
        if (!current) return null;
        if (!needsRefresh(current)) return current;
        const fresh = await refreshTokens(ctx, mailbox.auth, current);
        await saveChannelSecrets(ctx.secrets, tx, channel, fresh);
        return fresh;
      });
    } catch (error) {
      if (!(error instanceof GrantRevoked)) throw error;
      const lastError = `invalid_grant: ${error.message}`.slice(0, 500);
      await ctx.db.transaction(async (tx) => {
        // Only the first to find the grant revoked tells the admins (the reader and deliveries may all find it).
        if (await repo.markNeedsReconnect(tx, channel.companyId, channel.id, lastError))
          await tellAdminsToReconnect(ctx, tx, channel.companyId, mailbox.address);
      });
      throw new MailboxNeedsReconnect(error.message);
    }
    if (!tokens) return null;
  }
  return { ...mailbox, accessToken: tokens.access_token };
}

/** The server refused a token we thought valid (revoked early): the next login refreshes it first. */
export async function forgetAccessToken(ctx: AppContext, channel: ChannelRow) {
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockChannelSecrets(tx, channel.companyId, channel.id);
    const current = locked ? channelSecrets<OAuthSecrets>(ctx.secrets, locked) : null;
    if (current) await saveChannelSecrets(ctx.secrets, tx, channel, { ...current, expires_at: "0" });
  });
}
