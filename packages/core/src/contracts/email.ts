import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { AiDraftView } from "./answers.ts";
import { ChannelView } from "./channels.ts";

/** `tls`: TLS from the first byte (993, 465); `starttls`: plain, then upgraded (143, 587); `none`: never encrypted (local servers only). */
export const EMAIL_TLS_MODES = ["tls", "starttls", "none"] as const;
export type EmailTlsMode = (typeof EMAIL_TLS_MODES)[number];

const host = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(253, { error: "text_too_long" })
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/, { error: "invalid_parameters" });
const port = z
  .number({ error: "invalid_parameters" })
  .int({ error: "invalid_parameters" })
  .min(1, { error: "invalid_parameters" })
  .max(65535, { error: "invalid_parameters" });
const tls = z.enum(EMAIL_TLS_MODES, { error: "invalid_parameters" });

/**
 * How a mailbox logs in: a password (any IMAP/SMTP server), or OAuth2 with Google (Gmail, Workspace) or
 * Microsoft (365, Outlook.com), whose IMAP and SMTP take the access token by SASL XOAUTH2.
 */
export const EMAIL_AUTH_KINDS = ["password", "google", "microsoft"] as const;
export type EmailAuthKind = (typeof EMAIL_AUTH_KINDS)[number];
export const EMAIL_OAUTH_PROVIDERS = ["google", "microsoft"] as const;
export type EmailOAuthProvider = (typeof EMAIL_OAUTH_PROVIDERS)[number];

/** The providers' IMAP and SMTP servers (Google: imap/smtp.gmail.com; Microsoft 365: outlook.office365.com, smtp.office365.com STARTTLS). */
export const EMAIL_OAUTH_SERVERS: Record<
  EmailOAuthProvider,
  { imap_host: string; imap_port: number; imap_tls: EmailTlsMode; smtp_host: string; smtp_port: number; smtp_tls: EmailTlsMode }
> = {
  google: { imap_host: "imap.gmail.com", imap_port: 993, imap_tls: "tls", smtp_host: "smtp.gmail.com", smtp_port: 465, smtp_tls: "tls" },
  microsoft: { imap_host: "outlook.office365.com", imap_port: 993, imap_tls: "tls", smtp_host: "smtp.office365.com", smtp_port: 587, smtp_tls: "starttls" },
};

/** What the channel's virtual agent does with a customer's mail: answer it, or prepare a draft a person edits and sends. */
export const EMAIL_AGENT_MODES = ["answer", "draft"] as const;
export type EmailAgentMode = (typeof EMAIL_AGENT_MODES)[number];

export const EmailChannelInput = z
  .object({
    name: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.channelNameMaxChars, { error: "text_too_long" }),
    description: z.string().trim().max(LIMITS.channelDescriptionMaxChars, { error: "text_too_long" }).default(""),
    /** The mailbox's own address: what customers write to and what replies come from. */
    address: z.email({ error: "email_invalid" }).trim().toLowerCase(),
    imap_host: host,
    imap_port: port.default(993),
    imap_tls: tls.default("tls"),
    smtp_host: host,
    smtp_port: port.default(465),
    smtp_tls: tls.default("tls"),
    /** The login with a password; with Google or Microsoft the signed-in address is the login (this is ignored). */
    username: z.string({ error: "required" }).trim().max(320, { error: "text_too_long" }).default(""),
    auth: z.enum(EMAIL_AUTH_KINDS, { error: "invalid_parameters" }).default("password"),
    /** With Google or Microsoft: the sealed result of their sign-in (`?email_oauth=`); on an edit, empty keeps the stored grant. */
    oauth_session: z.string().max(8000, { error: "email_oauth_failed" }).default(""),
    /** Required when connecting with a password; on an edit an empty password keeps the stored one. */
    password: z.string().max(1024, { error: "text_too_long" }).default(""),
    /** Added under every reply. */
    signature: z.string().max(LIMITS.emailSignatureMaxChars, { error: "text_too_long" }).default(""),
    /** Copy each reply into the Sent folder (servers such as Gmail's do it themselves). */
    copy_to_sent: z.boolean().default(true),
    active: z.boolean().default(true),
    agent_id: z.number({ error: "virtual_agent_not_found" }).int().positive({ error: "virtual_agent_not_found" }).nullable().default(null),
    agent_active: z.boolean().default(false),
    agent_mode: z.enum(EMAIL_AGENT_MODES, { error: "invalid_parameters" }).default("answer"),
    /**
     * When connecting: also bring in the mail of the last N days (0: none, reading starts from now). Imported
     * mail becomes conversations for people; the virtual agent never answers it. Ignored on an edit.
     */
    import_days: z
      .number({ error: "invalid_parameters" })
      .int({ error: "invalid_parameters" })
      .min(0, { error: "invalid_parameters" })
      .max(LIMITS.emailImportMaxDays, { error: "invalid_parameters" })
      .default(0),
  })
  .refine((input) => input.auth !== "password" || input.username.length > 0, { error: "required", path: ["username"] });
export type EmailChannelInput = z.infer<typeof EmailChannelInput>;

/** `reconnect`: the provider refused the stored OAuth2 grant (revoked, expired): an admin signs in again. */
export const EMAIL_MAILBOX_STATES = ["connecting", "connected", "error", "reconnect"] as const;

export const EmailChannelView = ChannelView.extend({
  address: z.string(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  imap_tls: z.enum(EMAIL_TLS_MODES),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_tls: z.enum(EMAIL_TLS_MODES),
  auth: z.enum(EMAIL_AUTH_KINDS),
  username: z.string(),
  signature: z.string(),
  copy_to_sent: z.boolean(),
  agent_mode: z.enum(EMAIL_AGENT_MODES),
  state: z.enum(EMAIL_MAILBOX_STATES),
  last_error: z.string().nullable(),
  last_sync_at: z.string().nullable(),
});
export type EmailChannelView = z.infer<typeof EmailChannelView>;

/** A mail as the conversation shows it: the sanitised HTML (remote images held back unless asked) and its headers. */
export const EmailMessageView = z.object({
  message_id: z.number().int(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  html: z.string().nullable(),
  /** The quoted history, folded under the reply. */
  quoted_html: z.string().nullable(),
  remote_images_blocked: z.number().int(),
  /** Brought in from the mailbox's past when it was connected (never answered by the virtual agent). */
  imported: z.boolean(),
});
export type EmailMessageView = z.infer<typeof EmailMessageView>;

export const EmailMessageQuery = z.object({ images: z.enum(["0", "1"]).default("0") });

/** A batch of fetched mails (their channel events, in UID order); `event_id` is the one-mail form of jobs queued before batches. */
export const EmailInboundJobPayload = z.object({
  company_id: z.number().int().positive(),
  event_id: z.number().int().positive().optional(),
  event_ids: z.array(z.number().int().positive()).max(1000).default([]),
});
export type EmailInboundJobPayload = z.infer<typeof EmailInboundJobPayload>;

/** The past mail a mailbox brings in when it connects: UIDs up to where live reading starts, since a date. */
export const EmailImportJobPayload = z.object({
  company_id: z.number().int().positive(),
  channel_id: z.number().int().positive(),
  uid_validity: z.number().int(),
  up_to_uid: z.number().int().nonnegative(),
  since: z.iso.datetime(),
});
export type EmailImportJobPayload = z.infer<typeof EmailImportJobPayload>;

/** The draft the virtual agent prepared for the conversation's newest customer mail (channels in "draft" mode), or null. */
export const EmailDraftView = z.object({ draft: AiDraftView.extend({ message_id: z.number().int() }).nullable() });
export type EmailDraftView = z.infer<typeof EmailDraftView>;

export const EmailDraftJobPayload = z.object({
  company_id: z.number().int().positive(),
  interaction_id: z.number().int().positive(),
  message_id: z.number().int().positive(),
});
export type EmailDraftJobPayload = z.infer<typeof EmailDraftJobPayload>;

/** Where the browser goes to sign in with the provider (Authorization Code with PKCE and state). */
export const EmailOAuthStartView = z.object({ url: z.string() });
export type EmailOAuthStartView = z.infer<typeof EmailOAuthStartView>;

/** What a finished sign-in gives the settings form (the session itself stays sealed). */
export const EmailOAuthSessionInput = z.object({ session: z.string().min(1, { error: "email_oauth_failed" }).max(8000, { error: "email_oauth_failed" }) });
export const EmailOAuthSessionView = z.object({ provider: z.enum(EMAIL_OAUTH_PROVIDERS), address: z.string() });
export type EmailOAuthSessionView = z.infer<typeof EmailOAuthSessionView>;
