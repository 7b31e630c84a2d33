import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Meta's Graph API on localhost for Messenger, checking each request as developers.facebook.com documents
 * it: the OAuth code and token exchanges with the app id, secret and redirect URI, /me/accounts with the
 * long-lived user token, subscribed_apps with a Page token and the fields, the User Profile API, and the
 * Send API (recipient, messaging_type, the tag with MESSAGE_TAG, text or attachment, quick-reply limits).
 * Every call made with an access token must carry its `appsecret_proof` (HMAC-SHA256 of the token, keyed by
 * the app secret), as an app with "Require App Secret" on demands.
 * A bad request answers Meta's error body and is listed in `violations`, which tests expect empty.
 * `callback` posts signed webhook bodies (X-Hub-Signature-256 with the app secret) to the app, `messaging`
 * items and, for threads another app controls, `standby` ones. Handover: pass_thread_control and
 * take_thread_control move a thread's control, and a send to a thread another app controls is refused
 * with Meta's 10/2018300 (and listed as a violation: Holboo must not try).
 */
export interface FakePage {
  id: string;
  name: string;
  token: string;
  subscribedFields: string[] | null;
}

export interface GraphSend {
  page: string;
  body: { recipient: { id: string }; messaging_type: string; tag?: string; message: Record<string, unknown> };
  media?: { status: number; type: string | null };
  /** The message id Meta answered with (the id its delivery and read webhooks name). */
  mid?: string;
}

const GRAPH_VERSION = "v23.0";
const FIELDS = ["messages", "messaging_postbacks", "message_reads", "message_deliveries", "message_echoes", "messaging_handovers"];
/** Meta's Page inbox app, the usual target of pass_thread_control. */
export const PAGE_INBOX_APP_ID = "263902037430900";

export async function startFakeGraph(app: { id: string; secret: string }, options: { port?: number } = {}) {
  const pages = new Map<string, FakePage>();
  const codes = new Map<string, string[]>();
  const userTokens = new Map<string, string[]>();
  const profiles = new Map<string, { first_name: string; last_name: string }>();
  const profileFetches: string[] = [];
  const sent: GraphSend[] = [];
  const violations: string[] = [];
  const failures: Array<"temporary" | "permanent" | "pass"> = [];
  const media = new Map<string, { type: string; data: Buffer; failures: number }>();
  /** Handover protocol: the app controlling each person's thread (absent: the app under test, the primary receiver). */
  const threadOwners = new Map<string, string>();
  /** The Pages the person logging in through the dialog grants (Facebook Login's Page picker). */
  let dialogGrants: FakePage[] = [];
  const handovers: Array<{ edge: string; page: string; body: Record<string, unknown> }> = [];
  let publicOrigin = "";
  let appOrigin = "";
  let mids = 0;
  const toApp = (url: string) => (publicOrigin && url.startsWith(publicOrigin) ? appOrigin + url.slice(publicOrigin.length) : url);

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const oauthError = (res: ServerResponse, message: string, violation?: string) => {
    if (violation) violations.push(violation);
    json(res, 400, { error: { message, type: "OAuthException", code: 190, fbtrace_id: "fake" } });
  };
  const paramError = (res: ServerResponse, violation: string) => {
    violations.push(violation);
    json(res, 400, { error: { message: `(#100) ${violation}`, type: "OAuthException", code: 100, fbtrace_id: "fake" } });
  };
  const codeFor = (granted: FakePage[]) => {
    const code = `code-${randomBytes(8).toString("hex")}`;
    codes.set(
      code,
      granted.map((page) => page.id),
    );
    return code;
  };
  const pageByToken = (token: string | null) => [...pages.values()].find((page) => page.token === token);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const file = url.pathname.startsWith("/media/") ? media.get(url.pathname.slice("/media/".length)) : undefined;
    if (file && file.failures > 0) {
      // Meta's CDN having a bad moment: the file is there, but not now.
      file.failures -= 1;
      return res.writeHead(503).end();
    }
    if (file) return res.writeHead(200, { "content-type": file.type, "content-length": file.data.length }).end(file.data);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // The browser showing the login dialog asks for an icon; Facebook's is not part of the API.
    if (req.method === "GET" && url.pathname === "/favicon.ico") return res.writeHead(404).end();
    const prefix = `/${GRAPH_VERSION}/`;
    if (!url.pathname.startsWith(prefix)) return paramError(res, `unversioned path ${url.pathname}`);
    const path = url.pathname.slice(prefix.length);
    const q = url.searchParams;
    if (req.method === "GET" && path === "dialog/oauth") {
      // Facebook Login's dialog, as far as a fake can show it: the app, the permissions asked, and a Continue
      // that sends the browser back to the redirect URI with a code and the caller's state.
      const redirect = q.get("redirect_uri");
      const scopes = (q.get("scope") ?? "").split(",");
      if (q.get("client_id") !== app.id || !redirect || q.get("response_type") !== "code" || !q.get("state") || !scopes.includes("pages_messaging")) {
        return paramError(res, "dialog/oauth: client_id, redirect_uri, response_type=code, state, scope");
      }
      const back = new URL(redirect);
      back.searchParams.set("code", codeFor(dialogGrants));
      back.searchParams.set("state", q.get("state") ?? "");
      const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in with Facebook</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:40px auto"><h1>Facebook (fake)</h1>
<p>App ${escape(app.id)} asks for: ${escape(scopes.join(", "))}</p>
<p>Pages: ${dialogGrants.map((page) => escape(page.name)).join(", ")}</p>
<a id="continue" href="${escape(back.toString())}">Continue</a></body></html>`;
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
    // Every call made with a token (user or Page) must prove the app secret: HMAC-SHA256(app secret, token), hex.
    const token = q.get("access_token");
    if (token && q.get("appsecret_proof") !== createHmac("sha256", app.secret).update(token).digest("hex")) {
      violations.push(`${path}: appsecret_proof`);
      return json(res, 400, { error: { message: "Invalid appsecret_proof provided in the API argument", type: "GraphMethodException", code: 100 } });
    }
    if (req.method === "GET" && path === "oauth/access_token") {
      if (q.get("client_id") !== app.id || q.get("client_secret") !== app.secret)
        return oauthError(res, "Error validating client secret.", "oauth: app id/secret");
      if (q.get("grant_type") === "fb_exchange_token") {
        const pagesOf = userTokens.get(q.get("fb_exchange_token") ?? "");
        if (!pagesOf) return oauthError(res, "Invalid OAuth access token.", "oauth: exchange token");
        const long = `long-${randomBytes(8).toString("hex")}`;
        userTokens.set(long, pagesOf);
        return json(res, 200, { access_token: long, token_type: "bearer", expires_in: 5_183_944 });
      }
      const granted = codes.get(q.get("code") ?? "");
      if (!granted || !q.get("redirect_uri")) return oauthError(res, "Invalid verification code format.", "oauth: code/redirect_uri");
      codes.delete(q.get("code") ?? "");
      const short = `short-${randomBytes(8).toString("hex")}`;
      userTokens.set(short, granted);
      return json(res, 200, { access_token: short, token_type: "bearer", expires_in: 3600 });
    }
    if (req.method === "GET" && path === "me/accounts") {
      const granted = userTokens.get(q.get("access_token") ?? "");
      if (!granted || !q.get("access_token")?.startsWith("long-"))
        return oauthError(res, "Invalid OAuth access token.", "me/accounts: not a long-lived user token");
      const data = granted
        .map((id) => pages.get(id))
        .map((page) => ({ id: page?.id, name: page?.name, access_token: page?.token, tasks: ["MESSAGING", "MANAGE"] }));
      return json(res, 200, { data, paging: { cursors: {} } });
    }
    const subscribed = /^(\d+)\/subscribed_apps$/.exec(path);
    if (subscribed) {
      const page = pages.get(subscribed[1] ?? "");
      if (!page || page.token !== q.get("access_token")) return oauthError(res, "Invalid OAuth access token.", "subscribed_apps: page token");
      if (req.method === "DELETE") {
        page.subscribedFields = null;
        return json(res, 200, { success: true });
      }
      if (req.method !== "POST") return paramError(res, `subscribed_apps: ${req.method}`);
      const fields = (q.get("subscribed_fields") ?? "").split(",").filter(Boolean);
      if (!fields.length) return paramError(res, "subscribed_apps: subscribed_fields");
      page.subscribedFields = fields;
      return json(res, 200, { success: true });
    }
    const handover = /^me\/(pass_thread_control|take_thread_control)$/.exec(path);
    if (handover && req.method === "POST") {
      const page = pageByToken(q.get("access_token"));
      if (!page) return oauthError(res, "Invalid OAuth access token.", `${path}: page token`);
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return paramError(res, `${path}: content-type`);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { recipient?: { id?: string }; target_app_id?: unknown; metadata?: unknown };
      const psid = body.recipient?.id;
      if (!psid) return paramError(res, `${path}: recipient.id`);
      if (body.metadata !== undefined && (typeof body.metadata !== "string" || body.metadata.length > 1000)) return paramError(res, `${path}: metadata`);
      if (handover[1] === "pass_thread_control") {
        if (typeof body.target_app_id !== "number" && typeof body.target_app_id !== "string") return paramError(res, `${path}: target_app_id`);
        threadOwners.set(`${page.id}:${psid}`, String(body.target_app_id));
      } else {
        threadOwners.delete(`${page.id}:${psid}`);
      }
      handovers.push({ edge: handover[1] ?? "", page: page.id, body: body as Record<string, unknown> });
      return json(res, 200, { success: true });
    }
    if (req.method === "POST" && path === "me/messages") {
      const page = pageByToken(q.get("access_token"));
      if (!page) return oauthError(res, "Invalid OAuth access token.", "me/messages: page token");
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return paramError(res, "me/messages: content-type");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as GraphSend["body"];
      if (!body.recipient?.id) return paramError(res, "me/messages: recipient.id");
      if (!["RESPONSE", "UPDATE", "MESSAGE_TAG"].includes(body.messaging_type)) return paramError(res, "me/messages: messaging_type");
      if ((body.messaging_type === "MESSAGE_TAG") !== Boolean(body.tag)) return paramError(res, "me/messages: tag only with MESSAGE_TAG");
      const message = body.message ?? {};
      const hasText = typeof message.text === "string" && message.text.length > 0;
      if (hasText === Boolean(message.attachment)) return paramError(res, "me/messages: text or attachment");
      if (hasText && (message.text as string).length >= 2000) return paramError(res, "me/messages: text length");
      const quick = message.quick_replies as Array<{ content_type?: string; title?: string; payload?: string }> | undefined;
      if (quick && (quick.length > 13 || quick.some((r) => r.content_type !== "text" || !r.title || r.title.length > 20 || !r.payload))) {
        return paramError(res, "me/messages: quick_replies");
      }
      if (threadOwners.has(`${page.id}:${body.recipient.id}`)) {
        violations.push("me/messages: sent while another app controls the thread");
        return json(res, 400, {
          error: {
            message: "(#10) Message failed to send because another app is controlling this thread now.",
            type: "OAuthException",
            code: 10,
            error_subcode: 2018300,
          },
        });
      }
      const failure = failures.shift();
      if (failure === "temporary")
        return json(res, 500, { error: { message: "An unexpected error has occurred.", type: "OAuthException", code: 2, is_transient: true } });
      if (failure === "permanent")
        return json(res, 400, { error: { message: "(#551) This person isn't available right now.", type: "OAuthException", code: 551 } });
      const record: GraphSend = { page: page.id, body };
      const attachment = message.attachment as { payload?: { url?: string } } | undefined;
      if (attachment?.payload?.url) {
        const fetched = await fetch(toApp(attachment.payload.url));
        record.media = { status: fetched.status, type: fetched.headers.get("content-type") };
      }
      mids += 1;
      record.mid = `m_sent${mids}`;
      sent.push(record);
      return json(res, 200, { recipient_id: body.recipient.id, message_id: record.mid });
    }
    if (req.method === "GET" && /^\d+$/.test(path)) {
      const page = pageByToken(q.get("access_token"));
      if (!page) return oauthError(res, "Invalid OAuth access token.", "profile: page token");
      if (!q.get("fields")?.includes("first_name")) return paramError(res, "profile: fields");
      profileFetches.push(path);
      const profile = profiles.get(path);
      if (!profile)
        return json(res, 400, { error: { message: "No profile available for this user.", type: "OAuthException", code: 100, error_subcode: 2018218 } });
      return json(res, 200, { ...profile, profile_pic: "https://fb.test/p.jpg", id: path });
    }
    return paramError(res, `${req.method} ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`fake crashed: ${String(error)}`);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const digits = () => String(Number.parseInt(randomBytes(6).toString("hex"), 16));

  return {
    url: `http://127.0.0.1:${port}/${GRAPH_VERSION}`,
    dialogUrl: `http://127.0.0.1:${port}/${GRAPH_VERSION}/dialog/oauth`,
    sent,
    violations,
    profileFetches,
    routeTo(configuredPublicUrl: string, actualUrl: string) {
      publicOrigin = configuredPublicUrl.replace(/\/$/, "");
      appOrigin = actualUrl.replace(/\/$/, "");
    },
    addPage(name = "Holboo Shop"): FakePage {
      const page: FakePage = { id: digits(), name, token: `EAAG${randomBytes(12).toString("hex")}`, subscribedFields: null };
      pages.set(page.id, page);
      return page;
    },
    /** A person logs in and grants these Pages: the code Facebook sends back to the redirect URI. */
    authorize: (...granted: FakePage[]) => codeFor(granted),
    /** The Pages the next person to open the login dialog grants. */
    grantOnDialog(...granted: FakePage[]) {
      dialogGrants = granted;
    },
    addCustomer(profile?: { first_name: string; last_name: string }) {
      const psid = digits();
      if (profile) profiles.set(psid, profile);
      return psid;
    },
    /** A customer's file on Meta's CDN (answering 503 `failures` times first); its URL for an attachment. */
    hostMedia(name: string, type: string, data: Buffer, failures = 0) {
      media.set(name, { type, data, failures });
      return `http://127.0.0.1:${port}/media/${name}`;
    },
    /** Posts a webhook body for these Pages' items (or `raw`, Meta's documented bytes), signed with the app secret (or `secret`). */
    async callback(entries: Array<{ page: FakePage; items: unknown[]; standby?: unknown[] }>, options: { secret?: string; raw?: string; path?: string } = {}) {
      const entry = entries.map(({ page, items, standby }) => ({
        id: page.id,
        time: Date.now(),
        ...(items.length || !standby ? { messaging: items } : {}),
        ...(standby ? { standby } : {}),
      }));
      const body = options.raw ?? JSON.stringify({ object: "page", entry });
      const signature = createHmac("sha256", options.secret ?? app.secret)
        .update(body)
        .digest("hex");
      // The callback URL the README gives (PUBLIC_URL/webhooks/messenger), unless a test names the older one.
      const response = await fetch(`${appOrigin}${options.path ?? "/webhooks/messenger"}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${signature}` },
        body,
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    /** The app controlling a person's thread on a Page, when it is not the app under test. */
    threadOwner: (page: FakePage, psid: string) => threadOwners.get(`${page.id}:${psid}`) ?? null,
    /** Another app (the Page inbox) hands the thread back, as Meta does when a Page admin marks it done. */
    releaseThread(page: FakePage, psid: string) {
      threadOwners.delete(`${page.id}:${psid}`);
    },
    /** Another app takes the thread (a Page admin answering in the Page inbox). */
    takeThread(page: FakePage, psid: string, appId = PAGE_INBOX_APP_ID) {
      threadOwners.set(`${page.id}:${psid}`, appId);
    },
    handovers,
    /** The next send fails so (or, with "pass", goes through: a later part of the same reply fails). */
    failNext(kind: "temporary" | "permanent" | "pass") {
      failures.push(kind);
    },
    fields: FIELDS,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
