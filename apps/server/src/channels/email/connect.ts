import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import type { EmailTlsMode } from "@holboo/core";
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

const CONNECT_TIMEOUT_MS = 15_000;

export function imapClient(login: MailboxLogin): ImapFlow {
  const mode = login.imapTls as EmailTlsMode;
  return new ImapFlow({
    host: login.imapHost,
    port: login.imapPort,
    secure: mode === "tls",
    doSTARTTLS: mode === "starttls" ? true : mode === "none" ? false : undefined,
    auth: login.accessToken ? { user: login.username, accessToken: login.accessToken } : { user: login.username, pass: login.password ?? "" },
    logger: false,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    // IDLE is renewed every few minutes; servers without IDLE are asked with NOOP (polling).
    maxIdleTime: 4 * 60_000,
    missingIdleCommand: "NOOP",
    // IDLE again right after each command: by default imapflow waits 15 s, and a mail arriving in that
    // window was seen only then (bench:email measured a 15 s arrival delay for mail following other mail).
    autoIdleDelay: 250,
  });
}

export function smtpTransport(login: MailboxLogin) {
  const mode = login.smtpTls as EmailTlsMode;
  return nodemailer.createTransport({
    host: login.smtpHost,
    port: login.smtpPort,
    secure: mode === "tls",
    requireTLS: mode === "starttls",
    ignoreTLS: mode === "none",
    auth: login.accessToken
      ? { type: "OAuth2" as const, user: login.username, accessToken: login.accessToken }
      : { user: login.username, pass: login.password ?? "" },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
  });
}

export const isAuthFailure = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { authenticationFailed?: boolean }).authenticationFailed === true || (error as { code?: string }).code === "EAUTH");

/** Wrong credentials and an unreachable server are told apart: the person fixes different fields. */
export function connectionError(error: unknown, server: "imap" | "smtp"): AppError {
  const field = server === "imap" ? "imap_host" : "smtp_host";
  return isAuthFailure(error)
    ? new AppError("email_credentials_invalid", { password: "email_credentials_invalid" })
    : new AppError("email_connection_failed", { [field]: "email_connection_failed" });
}

/**
 * Logs in to both servers as the settings page saves: IMAP opens the folder (its UIDVALIDITY and next UID
 * are where reading starts, so mail already there is not imported) and SMTP is asked to accept the login.
 */
export async function testConnection(login: MailboxLogin, folder: string): Promise<{ uidValidity: number; uidNext: number }> {
  const client = imapClient(login);
  client.on("error", () => undefined);
  let position: { uidValidity: number; uidNext: number };
  try {
    await client.connect();
    const box = await client.mailboxOpen(folder, { readOnly: true });
    position = { uidValidity: Number(box.uidValidity), uidNext: Number(box.uidNext) };
  } catch (error) {
    throw connectionError(error, "imap");
  } finally {
    await client.logout().catch(() => client.close());
  }
  const transport = smtpTransport(login);
  try {
    await transport.verify();
  } catch (error) {
    throw connectionError(error, "smtp");
  } finally {
    transport.close();
  }
  return position;
}
