import { randomBytes, randomUUID } from "node:crypto";
import { CSRF_COOKIE, CSRF_HEADER, type ApiErrorBody } from "@holboo/core";
import { inject } from "vitest";
import { buildApp, type App } from "../src/app.ts";
import { loadConfig, type Config } from "../src/platform/config.ts";
import { connectDatabase, type DatabaseHandle } from "../src/platform/db/client.ts";
import { createMailer } from "../src/platform/mail/mailer.ts";
import { borrowJobSchema } from "./job-schemas.ts";
import { parseKey, SecretBox } from "../src/platform/crypto/secret-box.ts";

/** Where a server answers: the in-test app, or a server process of its own (processes.ts). */
export interface Served {
  url: string;
}

export interface TestApp extends Served {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** The app's sealer of channel secrets. */
  secrets: SecretBox;
  /** What the server printed for its operator: mail withheld because it carries a secret and SMTP is not set. */
  operatorConsole: string[];
  /** Stops the app (its job runner, readers, sockets) and starts a new one on the same database, job queue and keys, as a restarted process. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The real app on a real port against the run's database; `env` overrides configuration. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const databaseUrl = env.DATABASE_URL ?? inject("databaseUrl");
  const database = connectDatabase(databaseUrl, 8);
  const jobsSchema = await borrowJobSchema(database.pool);
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      JOBS_SCHEMA: jobsSchema.schema,
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      WEBCHAT_NEW_VISITORS_PER_IP_PER_HOUR: "100000",
      PLATFORM_ADMIN_EMAILS: "root-admin@holboo.test",
      WEB_DIST_DIR: "/nonexistent-web-dist",
      WIDGET_DIST_DIR: "/nonexistent-widget-dist",
      // Mailbox readers would read other tests' mailboxes from the shared database; e-mail tests switch them on.
      EMAIL_READERS: "false",
      // Likewise PBX connections (ARI): the call-center tests switch them on.
      ARI_CONNECTIONS: "false",
      ...env,
    },
    { dotenv: false },
  );
  const operatorConsole: string[] = [];
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, operatorConsole: (text) => operatorConsole.push(text) });
  // A restart of "the same installation" passes its HOLBOO_SECRET_KEY again to read what it sealed.
  const secrets = SecretBox.fromKey(config.HOLBOO_SECRET_KEY ? parseKey(config.HOLBOO_SECRET_KEY) : randomBytes(32));
  // The run shares one database: each app counts its rate limits apart, as its own installation would.
  const deps = { db: database.db, databaseUrl, pool: database.pool, secrets, limitsScope: randomUUID(), config, mailer, version: "test-version" };
  const app = await buildApp(deps);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const test: TestApp = {
    app,
    url: address,
    database,
    config,
    secrets,
    operatorConsole,
    async restart() {
      await test.app.close();
      test.app = await buildApp(deps);
      test.url = await test.app.listen({ port: 0, host: "127.0.0.1" });
    },
    async close() {
      await test.app.close();
      mailer.close();
      await jobsSchema.giveBack();
      await database.close();
    },
  };
  return test;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps cookies and sends the CSRF header on writes, like the web app. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; raw?: RequestInit["body"]; headers?: Record<string, string>; redirect?: RequestInit["redirect"] } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) headers["content-type"] = "application/json";
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (method !== "GET" && options.csrf !== false && csrf) headers[CSRF_HEADER] = csrf;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      redirect: options.redirect,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    const parsed = type.includes("application/json") && text ? (JSON.parse(text) as T) : (text as T);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body ?? {});
  }
  del<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("DELETE", path, body);
  }
}

export const errorCode = (response: ApiResponse<unknown>): string | undefined => (response.body as ApiErrorBody | undefined)?.error?.code;
export const fieldCode = (response: ApiResponse<unknown>, field: string): string | undefined =>
  (response.body as ApiErrorBody | undefined)?.error?.fields?.[field];
