import { existsSync } from "node:fs";
import path from "node:path";
import { config as loadDotenv } from "dotenv";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const emailList = z.string().transform((value) =>
  value
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "expected a postgres:// URL" }).optional(),
  /** With several processes: realtime fan-out and rate limits through Redis instead of the database. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// URL" }).optional(),
  /** Memory the answer indexes of idle virtual agents may hold before the least recently used are dropped. */
  ANSWER_INDEX_MEMORY_MB: z.coerce.number().positive().default(512),
  PUBLIC_URL: z.url({ error: "expected an http(s) URL" }).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Holboo <no-reply@holboo.local>"),
  PLATFORM_ADMIN_EMAILS: emailList.default([]),
  SIGNUP_APPROVAL_REQUIRED: booleanFlag.default(false),
  /** Behind a reverse proxy, trust its X-Forwarded-For for client addresses (rate limits key on them). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Lets companies' model providers be private addresses (a model server on this machine or network); off, they must be public. */
  MODEL_PROVIDER_ALLOW_PRIVATE: booleanFlag.default(false),
  /** New anonymous web-chat visitors (each a contact) one address may start in an hour, and one channel in an hour. */
  WEBCHAT_NEW_VISITORS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  WEBCHAT_NEW_VISITORS_PER_CHANNEL_PER_HOUR: z.coerce.number().int().positive().default(3000),
  /** Web-chat sessions (every page view that opens the widget, returning visitors too) one address may start a minute. */
  WEBCHAT_SESSIONS_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  WEB_DIST_DIR: z.string().optional(),
  /** web: HTTP and realtime only; worker: background jobs only; all: both in one process. */
  HOLBOO_ROLE: z.enum(["all", "web", "worker"], { error: "expected all, web or worker" }).default("all"),
  /** Encrypts channel secrets at rest: 32 bytes as 64 hex characters or base64. Every process needs the same. */
  HOLBOO_SECRET_KEY: z
    .string()
    .refine((value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, "base64").length === 32, {
      error: "expected 32 bytes as 64 hex characters or base64",
    })
    .optional(),
  /** Background jobs one process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** The PostgreSQL schema of the job queue; tests give each app its own. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, { error: "expected a lower-case SQL identifier" })
    .default("graphile_worker"),
  WIDGET_DIST_DIR: z.string().optional(),
  /** Addresses custom API calls may reach although they are not public (a test API on this machine); none by default. */
  CUSTOM_API_PRIVATE_ADDRESSES: emailList.default([]),
  /** Whether this process reads mailboxes (each mailbox is read by one process; tests switch it on where they need it). */
  EMAIL_READERS: booleanFlag.default(true),
  /** How often a process looks for mailboxes nobody reads, and how often it fetches without news from IDLE. */
  EMAIL_SCAN_SECONDS: z.coerce.number().positive().default(10),
  EMAIL_POLL_SECONDS: z.coerce.number().positive().default(60),
  /** Lets mailboxes' IMAP and SMTP servers be private addresses (a mail server on this machine or network); off, they must be public. */
  EMAIL_ALLOW_PRIVATE: booleanFlag.default(false),
  /** How long a mailbox's server may take to connect and greet; a save's check answers every failure to connect after exactly this long. */
  EMAIL_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Whether this process drives PBXs through ARI (each connection by one process), and how often it looks for new ones. */
  ARI_CONNECTIONS: booleanFlag.default(true),
  ARI_SCAN_SECONDS: z.coerce.number().positive().default(5),
  /**
   * Lets companies' call-center URLs (the ARI address and its events socket, CTI recording links) be private or this
   * machine's own addresses (an on-premises PBX); off, the server calls only public addresses.
   */
  PBX_ALLOW_PRIVATE: booleanFlag.default(false),
  /** Viber's REST API (tests point it at a fake on localhost). */
  VIBER_API_URL: z.url({ error: "expected an http(s) URL" }).default("https://chatapi.viber.com/pa"),
  /** Meta's Graph API with its version (tests point it at a fake on localhost). */
  GRAPH_API_URL: z.url({ error: "expected an http(s) URL" }).default("https://graph.facebook.com/v23.0"),
  /** Where Facebook Login's dialog is; the version must match GRAPH_API_URL's. */
  FACEBOOK_DIALOG_URL: z.url({ error: "expected an http(s) URL" }).default("https://www.facebook.com/v23.0/dialog/oauth"),
  /** The installation's Meta app, for Messenger: without them the Messenger channel cannot be connected. */
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  /** The verify token typed into the Meta app's webhook settings (GET verification). */
  META_VERIFY_TOKEN: z.string().optional(),
  /** Gmail and Google Workspace mailboxes over OAuth2 (a Google Cloud OAuth client, "Web application"). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google's authorization and token endpoints (tests point them at a fake on localhost). */
  GOOGLE_AUTH_URL: z.url({ error: "expected an http(s) URL" }).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url({ error: "expected an http(s) URL" }).default("https://oauth2.googleapis.com/token"),
  /** Microsoft 365 and Outlook.com mailboxes over OAuth2 (an Entra ID app registration, web platform). */
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /** Microsoft identity platform v2.0 endpoints; `common` takes work and personal accounts, a tenant id only that tenant. */
  MICROSOFT_AUTH_URL: z.url({ error: "expected an http(s) URL" }).default("https://login.microsoftonline.com/common/oauth2/v2.0/authorize"),
  MICROSOFT_TOKEN_URL: z.url({ error: "expected an http(s) URL" }).default("https://login.microsoftonline.com/common/oauth2/v2.0/token"),
  APP_VERSION: z.string().optional(),
  /** QPay merchant API v2 (tests point it at a fake on localhost); with the three below, invoices can be paid by QPay. */
  QPAY_API_URL: z.url({ error: "expected an http(s) URL" }).default("https://merchant.qpay.mn/v2"),
  QPAY_USERNAME: z.string().optional(),
  QPAY_PASSWORD: z.string().optional(),
  /** The merchant's invoice code QPay issued (invoice_code). */
  QPAY_INVOICE_CODE: z.string().optional(),
  /** Test installations only: lets the platform admin run the billing rules at a chosen time. Needs NODE_ENV=test. */
  BILLING_TEST_CLOCK: booleanFlag.default(false),
});

export type Config = Omit<z.infer<typeof EnvSchema>, "PUBLIC_URL"> & {
  PUBLIC_URL: string;
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { dotenv?: boolean } = {}): Config {
  if (options.dotenv !== false && existsSync(".env")) loadDotenv({ path: ".env", quiet: true });
  const source = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.BILLING_TEST_CLOCK && value.NODE_ENV !== "test")
    throw new ConfigError(`Invalid configuration:\n  BILLING_TEST_CLOCK: needs NODE_ENV=test (it is ${value.NODE_ENV}); never on a real installation`);
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, "");
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    PUBLIC_URL: publicUrl,
    secureCookies: publicUrl.startsWith("https://"),
  };
}
