import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A local stand-in for Google's and Microsoft's OAuth 2.0 servers, speaking what they document (RFC 6749 with
 * PKCE, RFC 7636): `GET /{provider}/authorize` (checks client_id, redirect_uri, response_type=code, the scopes,
 * state, code_challenge with S256; the person's consent is `consent()`, which answers the redirect with
 * `code` and `state`), `POST /{provider}/token` (form-encoded; client_id and client_secret in the body;
 * `authorization_code` with redirect_uri and the code_verifier, single-use codes; `refresh_token`; errors as
 * `{ error: "invalid_grant" | "invalid_client" | ... }` with 400/401), and `POST /introspect` (RFC 7662, what
 * Dovecot's oauth2 passdb asks with `introspection_mode = post`): `{ active, email }` for an access token.
 * Every request is checked as those servers would, and a wrong one is answered with their error.
 */
export interface FakeOAuth {
  url: string;
  /** Configuration pointing Holboo's Google and Microsoft clients here. */
  env: Record<string, string>;
  /** Seconds an access token lives (the refresh test shortens it). */
  accessTokenSeconds: number;
  /** The person signs in as `email` and allows access: the provider's redirect back to Holboo (its Location). */
  consent(authorizeUrl: string, email: string): Promise<string>;
  /** The person denies access: the redirect carries `error=access_denied`. */
  deny(authorizeUrl: string): Promise<string>;
  /** Revokes every grant of this user (refresh and access tokens), as "remove access" in the account does. */
  revoke(email: string): void;
  /** The user an access token belongs to while it is valid. */
  userOf(accessToken: string): string | null;
  /** Token requests received, by grant type and provider. */
  grants: Array<{ provider: string; grant_type: string }>;
  /** Requests the fake refused, with the reason (a test expects none from Holboo). */
  refused: string[];
  stop(): Promise<void>;
}

const CLIENTS = {
  google: { id: "holboo-test.apps.googleusercontent.com", secret: "google-test-secret", scope: "https://mail.google.com/" },
  microsoft: { id: "00000000-1111-2222-3333-444444444444", secret: "microsoft-test-secret", scope: "https://outlook.office.com/IMAP.AccessAsUser.All" },
} as const;
type Provider = keyof typeof CLIENTS;

interface Grant {
  provider: Provider;
  email: string;
  refreshToken: string;
  revoked: boolean;
}

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("base64url")}`;
const idToken = (email: string, provider: Provider) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = provider === "google" ? { iss: "https://accounts.google.com", email, email_verified: true } : { preferred_username: email, email };
  return `${part({ alg: "RS256", typ: "JWT" })}.${part({ ...claims, aud: CLIENTS[provider].id, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2lnbmF0dXJl`;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const codes = new Map<string, { provider: Provider; email: string; redirectUri: string; challenge: string; clientId: string }>();
  const grants = new Map<string, Grant>();
  const access = new Map<string, { email: string; expires: number; grant: Grant }>();
  const fake: Omit<FakeOAuth, "url" | "env" | "stop"> = {
    accessTokenSeconds: 3599,
    grants: [],
    refused: [],
    consent: (authorizeUrl, email) => authorize(authorizeUrl, email),
    deny: (authorizeUrl) => authorize(authorizeUrl, null),
    revoke(email) {
      for (const grant of grants.values()) if (grant.email === email) grant.revoked = true;
    },
    userOf(accessToken) {
      const entry = access.get(accessToken);
      return entry && entry.expires > Date.now() && !entry.grant.revoked ? entry.email : null;
    },
  };

  /** The consent screen's outcome, after checking the request as the provider does. */
  async function authorize(authorizeUrl: string, email: string | null): Promise<string> {
    const url = new URL(authorizeUrl);
    const provider = url.pathname.split("/")[1] as Provider;
    const client = CLIENTS[provider];
    const q = url.searchParams;
    const problems = [
      !client && "unknown provider",
      q.get("client_id") !== client?.id && "client_id",
      q.get("response_type") !== "code" && "response_type",
      !q.get("redirect_uri")?.endsWith("/api/email-oauth/callback") && "redirect_uri",
      !q.get("state") && "state",
      !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? "") && "code_challenge",
      q.get("code_challenge_method") !== "S256" && "code_challenge_method",
      !(q.get("scope") ?? "").split(" ").includes(client?.scope ?? "-") && "scope",
      provider === "google" && q.get("access_type") !== "offline" && "access_type",
      provider === "microsoft" && !(q.get("scope") ?? "").split(" ").includes("offline_access") && "offline_access",
    ].filter(Boolean);
    if (problems.length) {
      fake.refused.push(`authorize: ${problems.join(", ")}`);
      throw new Error(`the authorization request is wrong: ${problems.join(", ")}`);
    }
    const back = new URL(q.get("redirect_uri") ?? "");
    back.searchParams.set("state", q.get("state") ?? "");
    if (!email) {
      back.searchParams.set("error", "access_denied");
      return back.toString();
    }
    const code = token("code");
    codes.set(code, { provider, email, redirectUri: q.get("redirect_uri") ?? "", challenge: q.get("code_challenge") ?? "", clientId: client.id });
    back.searchParams.set("code", code);
    if (provider === "google") back.searchParams.set("scope", q.get("scope") ?? "");
    return back.toString();
  }

  function send(res: ServerResponse, status: number, body: object) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  }
  const refuse = (res: ServerResponse, status: number, error: string, why: string) => {
    fake.refused.push(`token: ${error} (${why})`);
    send(res, status, { error, error_description: why });
  };

  function issue(grant: Grant) {
    const accessToken = token(grant.provider === "google" ? "ya29" : "EwB");
    access.set(accessToken, { email: grant.email, expires: Date.now() + fake.accessTokenSeconds * 1000, grant });
    return { access_token: accessToken, expires_in: fake.accessTokenSeconds, token_type: "Bearer", scope: CLIENTS[grant.provider].scope };
  }

  async function tokenEndpoint(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return refuse(res, 400, "invalid_request", "not form-encoded");
    const form = new URLSearchParams(await readBody(req));
    const client = CLIENTS[provider];
    if (form.get("client_id") !== client.id || form.get("client_secret") !== client.secret) return refuse(res, 401, "invalid_client", "client authentication");
    const grantType = form.get("grant_type") ?? "";
    fake.grants.push({ provider, grant_type: grantType });
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!code || code.provider !== provider) return refuse(res, 400, "invalid_grant", "unknown or used code");
      if (form.get("redirect_uri") !== code.redirectUri) return refuse(res, 400, "invalid_grant", "redirect_uri differs from the authorization request");
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge) return refuse(res, 400, "invalid_grant", "code_verifier");
      const grant: Grant = { provider, email: code.email, refreshToken: token(provider === "google" ? "1//refresh" : "M.refresh"), revoked: false };
      grants.set(grant.refreshToken, grant);
      return send(res, 200, { ...issue(grant), refresh_token: grant.refreshToken, id_token: idToken(code.email, provider) });
    }
    if (grantType === "refresh_token") {
      const grant = grants.get(form.get("refresh_token") ?? "");
      if (!grant || grant.provider !== provider) return refuse(res, 400, "invalid_grant", "unknown refresh token");
      // As Google answers a revoked grant (Microsoft: the same error with an AADSTS description).
      if (grant.revoked) {
        return send(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      }
      if (provider === "google") return send(res, 200, issue(grant));
      // Microsoft hands out a new refresh token with each refresh (the old one keeps working for a while).
      const rotated: Grant = { ...grant, refreshToken: token("M.refresh") };
      grants.set(rotated.refreshToken, rotated);
      return send(res, 200, { ...issue(rotated), refresh_token: rotated.refreshToken });
    }
    return refuse(res, 400, "unsupported_grant_type", grantType);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const [, first, second] = url.pathname.split("/");
    void (async () => {
      if (req.method === "POST" && first === "introspect") {
        const form = new URLSearchParams(await readBody(req));
        const email = fake.userOf(form.get("token") ?? "");
        return send(res, 200, email ? { active: true, email, token_type: "Bearer" } : { active: false });
      }
      if (req.method === "POST" && second === "token" && (first === "google" || first === "microsoft")) return tokenEndpoint(first, req, res);
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    env: {
      GOOGLE_CLIENT_ID: CLIENTS.google.id,
      GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
      GOOGLE_AUTH_URL: `${url}/google/authorize`,
      GOOGLE_TOKEN_URL: `${url}/google/token`,
      MICROSOFT_CLIENT_ID: CLIENTS.microsoft.id,
      MICROSOFT_CLIENT_SECRET: CLIENTS.microsoft.secret,
      MICROSOFT_AUTH_URL: `${url}/microsoft/authorize`,
      MICROSOFT_TOKEN_URL: `${url}/microsoft/token`,
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
