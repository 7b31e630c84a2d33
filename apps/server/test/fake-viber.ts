import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Viber's REST bot API on localhost, checking each request as developers.viber.com documents it: POST to
 * /pa/{endpoint}, the bot token in X-Viber-Auth-Token, a JSON body with each endpoint's required fields.
 * A bad request answers Viber's own status (2 invalidAuthToken, 3 badData, 4 missingData) and is listed in
 * `violations`, which every test expects empty. set_webhook calls the webhook with a signed `webhook`
 * callback as Viber does, and `callback` sends any signed callback. The app's PUBLIC_URL origin is mapped
 * to the test server (as a reverse proxy would), for webhooks and for the media Viber downloads.
 * Message tokens are 64-bit integers written out in full (19 digits, as Viber's own), so a client that
 * reads them as JavaScript numbers loses digits; a callback's `bigint` values are written the same way.
 */
export interface FakeBot {
  token: string;
  id: string;
  name: string;
  webhook: string | null;
  eventTypes: string[];
}

export interface SentMessage {
  token: string;
  /** The 64-bit message_token Viber answered with, as its digits. */
  messageToken: string;
  body: Record<string, unknown>;
  /** The bytes of the picture or file Viber downloaded from `media`. */
  media?: { status: number; type: string | null; size: number };
}

const SEND_TYPES = new Set(["text", "picture", "video", "file", "contact", "location", "url", "sticker", "rich_media"]);

/** JSON with every `bigint` written as its exact digits, as Viber writes its 64-bit tokens. */
export function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `__bigint:${item}__` : item)).replace(/"__bigint:(-?\d+)__"/g, "$1");
}

export async function startFakeViber(options: { port?: number } = {}) {
  const bots = new Map<string, FakeBot>();
  const sent: SentMessage[] = [];
  const violations: string[] = [];
  const unsubscribed = new Set<string>();
  const failures: Array<"temporary" | "permanent" | "pass"> = [];
  // Viber's documented example token; each send answers the next.
  let token = 5_741_311_803_571_721_087n;
  let publicOrigin: string | null = null;
  let appOrigin: string | null = null;

  const toApp = (url: string) => (publicOrigin && appOrigin && url.startsWith(publicOrigin) ? appOrigin + url.slice(publicOrigin.length) : url);
  const sign = (body: string, botToken: string) => createHmac("sha256", botToken).update(body).digest("hex");

  const media = new Map<string, { type: string; data: Buffer }>();

  /** A signed callback to the bot's webhook; `signWith` forges it with another token. */
  async function callback(bot: FakeBot, payload: Record<string, unknown>, options: { signWith?: string; raw?: string } = {}) {
    if (!bot.webhook) throw new Error("no webhook set");
    const body = options.raw ?? exactJson({ timestamp: Date.now(), chat_hostname: "SN-CHAT-01_", ...payload });
    const response = await fetch(toApp(bot.webhook), {
      method: "POST",
      headers: { "content-type": "application/json", "x-viber-content-signature": sign(body, options.signWith ?? bot.token) },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  function refuse(res: ServerResponse, status: number, message: string, violation: string) {
    violations.push(violation);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status, status_message: message }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const file = req.method === "GET" && req.url?.startsWith("/media/") ? media.get(req.url.slice("/media/".length)) : undefined;
    if (file) return res.writeHead(200, { "content-type": file.type, "content-length": file.data.length }).end(file.data);
    const answer = (body: Record<string, unknown>) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    const endpoint = req.url?.replace(/^\/pa\//, "") ?? "";
    if (req.method !== "POST" || !req.url?.startsWith("/pa/")) return refuse(res, 3, "badData", `${req.method} ${req.url}`);
    const bot = bots.get(String(req.headers["x-viber-auth-token"] ?? ""));
    if (!bot) {
      // A wrong token is not a protocol mistake of the caller: Viber answers it, and connecting must show it.
      return answer({ status: 2, status_message: "invalidAuthToken" });
    }
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(res, 3, "badData", `${endpoint}: content-type`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return refuse(res, 3, "badData", `${endpoint}: body is not JSON`);
    }
    if (endpoint === "get_account_info") {
      return answer({
        status: 0,
        status_message: "ok",
        id: bot.id,
        name: bot.name,
        uri: bot.name.toLowerCase(),
        icon: "https://media.viber.test/icon.jpg",
        webhook: bot.webhook ?? "",
      });
    }
    if (endpoint === "set_webhook") {
      if (typeof body.url !== "string") return refuse(res, 4, "missingData", "set_webhook: url");
      if (body.url === "") {
        bot.webhook = null;
        return answer({ status: 0, status_message: "ok" });
      }
      if (body.event_types !== undefined && (!Array.isArray(body.event_types) || body.event_types.includes("webhook"))) {
        return refuse(res, 3, "badData", "set_webhook: event_types");
      }
      bot.webhook = body.url;
      bot.eventTypes = (body.event_types as string[] | undefined) ?? [];
      const check = await callback(bot, { event: "webhook", message_token: randomBytes(8).readBigUInt64BE(0) >> 1n }).catch(() => ({ status: 0 }));
      if (check.status !== 200) {
        bot.webhook = null;
        return answer({ status: 1, status_message: "invalidUrl" });
      }
      return answer({ status: 0, status_message: "ok", event_types: bot.eventTypes });
    }
    if (endpoint === "send_message") {
      const sender = body.sender as { name?: unknown; avatar?: unknown } | undefined;
      if (typeof body.receiver !== "string" || !body.receiver) return refuse(res, 4, "missingData", "send_message: receiver");
      if (typeof body.type !== "string" || !SEND_TYPES.has(body.type)) return refuse(res, 3, "badData", "send_message: type");
      if (typeof sender?.name !== "string" || !sender.name || sender.name.length > 28) return refuse(res, 3, "badData", "send_message: sender.name");
      if (body.type === "text" && (typeof body.text !== "string" || !body.text || body.text.length > 7000))
        return refuse(res, 3, "badData", "send_message: text");
      if (body.type === "picture" && (typeof body.media !== "string" || typeof body.text !== "string" || body.text.length > 768)) {
        return refuse(res, 4, "missingData", "send_message: picture media/text");
      }
      if (body.type === "file" && (typeof body.media !== "string" || typeof body.size !== "number" || typeof body.file_name !== "string")) {
        return refuse(res, 4, "missingData", "send_message: file media/size/file_name");
      }
      if (body.keyboard !== undefined) {
        const keyboard = body.keyboard as { Type?: unknown; Buttons?: Array<{ ActionBody?: unknown }> };
        if (keyboard.Type !== "keyboard" || !Array.isArray(keyboard.Buttons) || keyboard.Buttons.some((b) => typeof b.ActionBody !== "string")) {
          return refuse(res, 3, "badData", "send_message: keyboard");
        }
      }
      const failure = failures.shift();
      if (failure === "temporary") return res.writeHead(503).end("Service Unavailable");
      if (failure === "permanent" || unsubscribed.has(body.receiver)) return answer({ status: 6, status_message: "receiverNotSubscribed" });
      token += 1n;
      const record: SentMessage = { token: bot.token, messageToken: String(token), body };
      if (typeof body.media === "string") {
        const media = await fetch(toApp(body.media));
        record.media = { status: media.status, type: media.headers.get("content-type"), size: (await media.arrayBuffer()).byteLength };
      }
      sent.push(record);
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(exactJson({ status: 0, status_message: "ok", message_token: token, chat_hostname: "SN-CHAT-01_" }));
    }
    return refuse(res, 3, "badData", `unknown endpoint ${endpoint}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`fake crashed: ${String(error)}`);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/pa`,
    sent,
    violations,
    unsubscribed,
    addBot(name = "Holboo Shop"): FakeBot {
      const bot: FakeBot = {
        token: `${randomBytes(8).toString("hex")}-${randomBytes(8).toString("hex")}`,
        id: `pa:${randomBytes(6).toString("hex")}`,
        name,
        webhook: null,
        eventTypes: [],
      };
      bots.set(bot.token, bot);
      return bot;
    },
    /** Where the app really answers, for the PUBLIC_URL it was configured with. */
    routeTo(configuredPublicUrl: string, actualUrl: string) {
      publicOrigin = configuredPublicUrl.replace(/\/$/, "");
      appOrigin = actualUrl.replace(/\/$/, "");
    },
    callback,
    /** A customer's picture or file on Viber's media host; its URL for a `message` callback. */
    hostMedia(name: string, type: string, data: Buffer) {
      media.set(name, { type, data });
      return `http://127.0.0.1:${port}/media/${name}`;
    },
    /** The next send fails so (or, with "pass", goes through: a later part of the same reply fails). */
    failNext(kind: "temporary" | "permanent" | "pass") {
      failures.push(kind);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeViber = Awaited<ReturnType<typeof startFakeViber>>;
