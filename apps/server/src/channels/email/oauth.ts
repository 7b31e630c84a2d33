import { createHash, randomBytes } from "node:crypto";
import type { EmailOAuthProvider } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";

/**
 * OAuth2 for Gmail and Microsoft 365 mailboxes: the Authorization Code flow with PKCE (S256) and a state,
 * as both document it; the tokens are then used by SASL XOAUTH2 on IMAP and SMTP.
 * Google: https://developers.google.com/identity/protocols/oauth2/web-server (scope https://mail.google.com/,
 * access_type=offline for a refresh token). Microsoft: https://learn.microsoft.com/exchange/client-developer/
 * legacy-protocols/how-to-authenticate-an-imap-pop-smtp-application-by-using-oauth (IMAP.AccessAsUser.All,
 * SMTP.Send, offline_access; the refresh token may be replaced on each refresh).
 */
interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra authorization parameters (Google needs offline access and consent to hand out a refresh token). */
  extra: Record<string, string>;
  /** Extra refresh_token grant parameters (Microsoft asks for the scopes again). */
  refreshExtra: Record<string, string>;
}

export function providerSettings(ctx: AppContext, provider: EmailOAuthProvider): ProviderSettings {
  const c = ctx.config;
  if (provider === "google") {
    if (!c.GOOGLE_CLIENT_ID || !c.GOOGLE_CLIENT_SECRET) return fail("email_oauth_not_configured");
    return {
      clientId: c.GOOGLE_CLIENT_ID,
      clientSecret: c.GOOGLE_CLIENT_SECRET,
      authUrl: c.GOOGLE_AUTH_URL,
      tokenUrl: c.GOOGLE_TOKEN_URL,
      scopes: ["openid", "email", "https://mail.google.com/"],
      extra: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
      refreshExtra: {},
    };
  }
  if (!c.MICROSOFT_CLIENT_ID || !c.MICROSOFT_CLIENT_SECRET) return fail("email_oauth_not_configured");
  return {
    clientId: c.MICROSOFT_CLIENT_ID,
    clientSecret: c.MICROSOFT_CLIENT_SECRET,
    authUrl: c.MICROSOFT_AUTH_URL,
    tokenUrl: c.MICROSOFT_TOKEN_URL,
    scopes: ["openid", "email", "offline_access", "https://outlook.office.com/IMAP.AccessAsUser.All", "https://outlook.office.com/SMTP.Send"],
    extra: { prompt: "select_account", response_mode: "query" },
    refreshExtra: { scope: "offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send" },
  };
}

export const redirectUri = (ctx: AppContext) => `${ctx.config.PUBLIC_URL}/api/email-oauth/callback`;

/** The browser's half of a sign-in: kept sealed in an httpOnly cookie until the provider sends the browser back. */
export interface PendingSignIn {
  provider: EmailOAuthProvider;
  company: number;
  user: number;
  state: string;
  verifier: string;
  expires: number;
}

/** The tokens a mailbox keeps sealed in `channels.secrets` (strings: the secret box holds a string map). */
export interface OAuthSecrets extends Record<string, string> {
  refresh_token: string;
  access_token: string;
  /** When the access token expires, ms since the epoch. */
  expires_at: string;
}

/** A finished sign-in, sealed and handed to the browser to finish the form with (30 minutes). */
export interface SignedIn {
  provider: EmailOAuthProvider;
  company: number;
  user: number;
  address: string;
  tokens: OAuthSecrets;
  expires: number;
}

const SIGN_IN_TTL_MS = 30 * 60_000;
const base64url = (buffer: Buffer) => buffer.toString("base64url");

/** Starts a sign-in: the provider's authorization URL (PKCE S256 challenge, state) and the pending half for the cookie. */
export function startSignIn(ctx: AppContext, actor: MemberActor, provider: EmailOAuthProvider): { url: string; pending: PendingSignIn } {
  const settings = providerSettings(ctx, provider);
  const verifier = base64url(randomBytes(48));
  const state = base64url(randomBytes(24));
  const url = new URL(settings.authUrl);
  const params = {
    client_id: settings.clientId,
    redirect_uri: redirectUri(ctx),
    response_type: "code",
    scope: settings.scopes.join(" "),
    state,
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    ...settings.extra,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return {
    url: url.toString(),
    pending: { provider, company: actor.companyId, user: actor.userId, state, verifier, expires: Date.now() + 10 * 60_000 },
  };
}

/** The provider refused the grant for good (RFC 6749 §5.2 `invalid_grant`: revoked, expired, or the password changed). */
export class GrantRevoked extends Error {}
/** The token endpoint could not be reached or failed for now: try again later. */
export class TokenEndpointFailed extends Error {}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
  error?: string;
  error_description?: string;
}

async function callTokenEndpoint(settings: ProviderSettings, form: Record<string, string>): Promise<TokenResponse & { access_token: string }> {
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new TokenEndpointFailed(String(error));
  }
  const body = (await response.json().catch(() => ({}))) as TokenResponse;
  if (response.ok && typeof body.access_token === "string") return { ...body, access_token: body.access_token };
  if (body.error === "invalid_grant") throw new GrantRevoked(body.error_description ?? body.error);
  throw new TokenEndpointFailed(`${response.status} ${body.error ?? ""} ${body.error_description ?? ""}`.trim());
}

const expiresAt = (expiresIn: number | undefined) => String(Date.now() + Math.max(60, Number(expiresIn) || 3600) * 1000);

/**
 * The signed-in address from the ID token. It came straight from the token endpoint over TLS, so its signature
 * need not be checked (OpenID Connect Core §3.1.3.7); Microsoft gives `email` only when set, else the UPN.
 */
function addressOf(idToken: string | undefined): string {
  const payload = idToken?.split(".")[1];
  if (!payload) return "";
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: string; preferred_username?: string };
    return (claims.email ?? claims.preferred_username ?? "").trim().toLowerCase();
  } catch {
    return "";
  }
}

/** The provider sent the browser back: the code (with the PKCE verifier) becomes tokens; an error or a wrong state is refused. */
export async function finishSignIn(
  ctx: AppContext,
  actor: MemberActor,
  pending: PendingSignIn | null,
  query: { code?: string; state?: string; error?: string },
): Promise<SignedIn> {
  if (!pending || query.error || !query.code || query.state !== pending.state) return fail("email_oauth_failed");
  if (pending.company !== actor.companyId || pending.user !== actor.userId || pending.expires < Date.now()) return fail("email_oauth_failed");
  const settings = providerSettings(ctx, pending.provider);
  try {
    const tokens = await callTokenEndpoint(settings, {
      grant_type: "authorization_code",
      code: query.code,
      redirect_uri: redirectUri(ctx),
      code_verifier: pending.verifier,
    });
    const address = addressOf(tokens.id_token);
    if (!tokens.refresh_token || !address) return fail("email_oauth_failed");
    return {
      provider: pending.provider,
      company: actor.companyId,
      user: actor.userId,
      address,
      tokens: { refresh_token: tokens.refresh_token, access_token: tokens.access_token, expires_at: expiresAt(tokens.expires_in) },
      expires: Date.now() + SIGN_IN_TTL_MS,
    };
  } catch (error) {
    if (error instanceof GrantRevoked || error instanceof TokenEndpointFailed) return fail("email_oauth_failed");
    throw error;
  }
}

export function openSignedIn(ctx: AppContext, actor: MemberActor, sealed: string): SignedIn {
  try {
    const session = ctx.secrets.open<SignedIn>(Buffer.from(sealed, "base64url"));
    if (session.company === actor.companyId && session.user === actor.userId && session.expires > Date.now()) return session;
  } catch {
    // not ours, or tampered with
  }
  return fail("email_oauth_failed");
}

/** Refreshes well before expiry, so a token is never used in its last minutes (a long IMAP login, a slow send). */
const REFRESH_MARGIN_MS = 5 * 60_000;

export const needsRefresh = (tokens: OAuthSecrets) => Number(tokens.expires_at) - REFRESH_MARGIN_MS <= Date.now();

/** A new access token from the refresh token (refresh_token grant); Microsoft may hand out a new refresh token too. */
export async function refreshTokens(ctx: AppContext, provider: EmailOAuthProvider, tokens: OAuthSecrets): Promise<OAuthSecrets> {
  const settings = providerSettings(ctx, provider);
  const fresh = await callTokenEndpoint(settings, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, ...settings.refreshExtra });
  return { refresh_token: fresh.refresh_token || tokens.refresh_token, access_token: fresh.access_token, expires_at: expiresAt(fresh.expires_in) };
}
