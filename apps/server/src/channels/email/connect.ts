import { isIP } from "node:net";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import type { EmailTlsMode } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { DEFAULT_FETCH_POLICY, isPublicAddress } from "../../modules/knowledge/safe-fetch.service.ts";
import { AppError } from "../../platform/http/errors.ts";

/**
 * What a connection needs: the mailbox's servers, its login and its password or, for Google and Microsoft
 * mailboxes, an OAuth2 access token (SASL XOAUTH2 on both servers), opened from the channel's secrets.
 */
export interface MailboxLogin {
  imapHost: string;
  imapPort: number;
  imapTls: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: string;
  username: string;
  password?: string;
  accessToken?: string;
}

/** What a connection needs from the installation: whether mail servers may be private, and how long they may take. */
type MailContext = Pick<AppContext, "config">;

/** A mailbox's server whose address the installation does not let us reach (private without EMAIL_ALLOW_PRIVATE). */
export class MailServerRefused extends Error {}

const connectTimeoutMs = (ctx: MailContext) => ctx.config.EMAIL_CONNECT_TIMEOUT_SECONDS * 1000;

/**
 * The server's address, resolved once and checked with the URL import's address policy (every address the
 * name has must pass: public, or any where EMAIL_ALLOW_PRIVATE allows private ones); the connection then goes
 * to that address only, so a name cannot resolve to another address between the check and the connection
 * (DNS rebinding). TLS still verifies the certificate against the name (`servername`).
 */
export async function checkedServer(ctx: MailContext, host: string): Promise<{ address: string; servername: string | undefined }> {
  const name = host.trim().replace(/^\[|\]$/g, "");
  const addresses = isIP(name) ? [{ address: name, family: isIP(name) }] : await DEFAULT_FETCH_POLICY.resolve(name);
  const allowed = (address: string) => ctx.config.EMAIL_ALLOW_PRIVATE || isPublicAddress(address);
  if (!addresses.length) throw new Error(`${name} has no address`);
  if (!addresses.every((entry) => allowed(entry.address))) throw new MailServerRefused(`${name} is not a public address`);
  // One address is pinned, so no second try over the other family: IPv4 first, which every mail host has.
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  return { address: chosen?.address ?? "", servername: isIP(name) ? undefined : name };
}

export async function imapClient(ctx: MailContext, login: MailboxLogin): Promise<ImapFlow> {
  const mode = login.imapTls as EmailTlsMode;
  const server = await checkedServer(ctx, login.imapHost);
  return new ImapFlow({
    host: server.address,
    servername: server.servername,
    port: login.imapPort,
    secure: mode === "tls",
    doSTARTTLS: mode === "starttls" ? true : mode === "none" ? false : undefined,
    auth: login.accessToken ? { user: login.username, accessToken: login.accessToken } : { user: login.username, pass: login.password ?? "" },
    logger: false,
    connectionTimeout: connectTimeoutMs(ctx),
    greetingTimeout: connectTimeoutMs(ctx),
    // IDLE is renewed every few minutes; servers without IDLE are asked with NOOP (polling).
    maxIdleTime: 4 * 60_000,
    missingIdleCommand: "NOOP",
    // IDLE again right after each command: by default imapflow waits 15 s, and a mail arriving in that
    // window was seen only then (bench:email measured a 15 s arrival delay for mail following other mail).
    autoIdleDelay: 250,
  });
}

export async function smtpTransport(ctx: MailContext, login: MailboxLogin) {
  const mode = login.smtpTls as EmailTlsMode;
  const server = await checkedServer(ctx, login.smtpHost);
  return nodemailer.createTransport({
    host: server.address,
    servername: server.servername,
    port: login.smtpPort,
    secure: mode === "tls",
    requireTLS: mode === "starttls",
    ignoreTLS: mode === "none",
    auth: login.accessToken
      ? { type: "OAuth2" as const, user: login.username, accessToken: login.accessToken }
      : { user: login.username, pass: login.password ?? "" },
    connectionTimeout: connectTimeoutMs(ctx),
    greetingTimeout: connectTimeoutMs(ctx),
  });
}

export const isAuthFailure = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { authenticationFailed?: boolean }).authenticationFailed === true || (error as { code?: string }).code === "EAUTH");

/** Wrong credentials and an unreachable server are told apart: the person fixes different fields. */
export function connectionError(error: unknown, server: "imap" | "smtp"): AppError {
  const field = server === "imap" ? "imap_host" : "smtp_host";
  if (error instanceof MailServerRefused) return new AppError("email_host_blocked", { [field]: "email_host_blocked" });
  return isAuthFailure(error)
    ? new AppError("email_credentials_invalid", { password: "email_credentials_invalid" })
    : new AppError("email_connection_failed", { [field]: "email_connection_failed" });
}

/**
 * One server's part of the check, within its time: whatever stops it from answering as a mail server (a closed
 * port, one that answers something else, one that stays silent, a name that does not resolve) fails at the
 * same moment, the end of that time, with the same error. So the form cannot be used to map which ports of
 * which hosts are open: only a real server that refuses the login answers sooner.
 */
async function checkWithin<T>(ctx: MailContext, server: "imap" | "smtp", attempt: (deadline: AbortSignal) => Promise<T>): Promise<T> {
  const budget = connectTimeoutMs(ctx);
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), budget);
  const expired = new Promise<never>((_, reject) => deadline.signal.addEventListener("abort", () => reject(new Error("timed out")), { once: true }));
  try {
    return await Promise.race([attempt(deadline.signal), expired]);
  } catch (error) {
    const refusal = connectionError(error, server);
    if (refusal.code === "email_connection_failed") await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + budget - Date.now())));
    throw refusal;
  } finally {
    clearTimeout(timer);
    deadline.abort();
  }
}

/**
 * Logs in to both servers as the settings page saves: IMAP opens the folder (its UIDVALIDITY and next UID
 * are where reading starts, so mail already there is not imported) and SMTP is asked to accept the login.
 */
export async function testConnection(ctx: MailContext, login: MailboxLogin, folder: string): Promise<{ uidValidity: number; uidNext: number }> {
  const position = await checkWithin(ctx, "imap", async (deadline) => {
    const client = await imapClient(ctx, login);
    client.on("error", () => undefined);
    deadline.addEventListener("abort", () => client.close(), { once: true });
    try {
      await client.connect();
      const box = await client.mailboxOpen(folder, { readOnly: true });
      return { uidValidity: Number(box.uidValidity), uidNext: Number(box.uidNext) };
    } finally {
      await client.logout().catch(() => client.close());
    }
  });
  await checkWithin(ctx, "smtp", async (deadline) => {
    const transport = await smtpTransport(ctx, login);
    deadline.addEventListener("abort", () => transport.close(), { once: true });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  });
  return position;
}
