import { z } from "zod";
import { normalizePhone } from "./contacts.ts";
import { isValidPhone } from "../validation.ts";

/** The call center (spec §1, §3, §6, §9): a PBX connection, lines, extensions, calls and their monitoring. */
export const PBX_KINDS = ["asterisk_ari", "cti_webhook"] as const;
export type PbxKind = (typeof PBX_KINDS)[number];
export const CALL_STATUSES = ["waiting", "talking", "missed", "cancelled", "ended"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_DIRECTIONS = ["in", "out"] as const;
/** The call-center settings' bounds and defaults (a company without saved settings has the defaults). */
export const CALL_CENTER_DEFAULTS = { ring_seconds: 20, after_call_seconds: 10, record_calls: false, answered_within_seconds: 20 } as const;

const text = (max: number) => z.string().trim().max(max, { error: "text_too_long" });
const required = (max: number) => text(max).min(1, { error: "required" });
const e164 = z
  .string({ error: "required" })
  .trim()
  .refine(isValidPhone, { error: "phone_invalid" })
  .transform((v) => normalizePhone(v));

export const PbxConnectionInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("asterisk_ari"),
    /** ARI's base, e.g. http://pbx.local:8088 (the /ari path is added). */
    url: z
      .string({ error: "required" })
      .trim()
      .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i, { error: "url_invalid" })
      .max(500, { error: "text_too_long" })
      .transform((v) => v.replace(/\/+$/, "").replace(/\/ari$/, "")),
    username: required(100),
    /** Empty keeps the stored password (editing other fields). */
    password: text(200).default(""),
    app_name: required(60).regex(/^[A-Za-z0-9_-]+$/, { error: "validation_failed" }),
  }),
  z.object({ kind: z.literal("cti_webhook") }),
]);
export type PbxConnectionInput = z.infer<typeof PbxConnectionInput>;

export const PbxConnectionView = z.object({
  kind: z.enum(PBX_KINDS),
  url: z.string(),
  username: z.string(),
  app_name: z.string(),
  state: z.string(),
  /** Why the connection last failed, as a code the screens translate: pbx_unreachable, events_socket_closed, application_replaced, no_password. */
  last_error: z.string().nullable(),
  /** The CTI webhook's address (cti_webhook), else empty. */
  webhook_url: z.string(),
  /** Shown once, when the CTI connection is made or its secret renewed; null afterwards. */
  signing_secret: z.string().nullable(),
});
export type PbxConnectionView = z.infer<typeof PbxConnectionView>;

export const CallLineInput = z.object({ number: e164, name: required(100), channel_id: z.number().int().positive().nullable().default(null) });
export type CallLineInput = z.input<typeof CallLineInput>;
export const CallLineView = z.object({ id: z.number().int(), number: z.string(), name: z.string(), channel_id: z.number().int() });
export type CallLineView = z.infer<typeof CallLineView>;

export const CallExtensionInput = z.object({
  extension: required(20).regex(/^[0-9*#]+$/, { error: "extension_invalid" }),
  user_id: z.number().int().positive(),
});
export type CallExtensionInput = z.infer<typeof CallExtensionInput>;
export const CallExtensionView = z.object({ id: z.number().int(), extension: z.string(), user_id: z.number().int(), user_name: z.string() });
export type CallExtensionView = z.infer<typeof CallExtensionView>;

/**
 * How the call center works: `ring_seconds` an extension rings before the next is tried; `after_call_seconds` of
 * after-call work in which a person who just finished a call is not offered another; `record_calls` records answered
 * calls (ARI); `answered_within_seconds` is the service level's wait (an answered call waited at most this long).
 */
export const CallCenterSettingsInput = z.object({
  ring_seconds: z.number({ error: "required" }).int().min(5, { error: "validation_failed" }).max(120, { error: "validation_failed" }),
  after_call_seconds: z.number({ error: "required" }).int().min(0, { error: "validation_failed" }).max(600, { error: "validation_failed" }),
  record_calls: z.boolean({ error: "required" }),
  answered_within_seconds: z.number({ error: "required" }).int().min(5, { error: "validation_failed" }).max(600, { error: "validation_failed" }),
});
export type CallCenterSettingsInput = z.infer<typeof CallCenterSettingsInput>;
export const CallCenterSettingsView = CallCenterSettingsInput;
export type CallCenterSettingsView = z.infer<typeof CallCenterSettingsView>;

export const CallCenterView = z.object({
  connection: PbxConnectionView.nullable(),
  settings: CallCenterSettingsView,
  lines: z.array(CallLineView),
  extensions: z.array(CallExtensionView),
});
export type CallCenterView = z.infer<typeof CallCenterView>;

export const CallView = z.object({
  id: z.number().int(),
  number: z.string(),
  line: z.object({ id: z.number().int(), number: z.string(), name: z.string() }).nullable(),
  extension: z.string().nullable(),
  direction: z.enum(CALL_DIRECTIONS),
  status: z.enum(CALL_STATUSES),
  started_at: z.string(),
  /** When the caller began waiting for people (after the call operator's menu, if any); null if they never did. */
  queued_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  wait_seconds: z.number().int().nullable(),
  talk_seconds: z.number().int().nullable(),
  answered_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Holboo's own address of the recording (callRecordingPath, or a stored voicemail's file), never the PBX's: it plays under the app's CSP. */
  recording_url: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  interaction_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
});
export type CallView = z.infer<typeof CallView>;

/** Where a call's recording is streamed from (GET; Range requests answer 206). */
export const callRecordingPath = (callId: number) => `/api/calls/${callId}/recording`;

export const CallStatsView = z.object({
  answered: z.number().int(),
  /** Nobody answered: the caller was let go (or left a voicemail) and is to be called back. */
  missed: z.number().int(),
  /** The caller hung up while waiting for people (not in the call operator's menu). */
  abandoned: z.number().int(),
  /** Over calls answered from the queue: the wait counts from when the caller began waiting for people, not the menu. */
  avg_wait_seconds: z.number(),
  avg_talk_seconds: z.number(),
  /** The company's service-level wait (settings' answered_within_seconds). */
  answered_within_seconds: z.number().int(),
  /** Percent of calls answered from the queue within that wait; null when none was answered. */
  service_level: z.number().nullable(),
});
export type CallStatsView = z.infer<typeof CallStatsView>;

export const CallMonitorQuery = z.object({ line_id: z.coerce.number().int().positive().optional() });
export const CallMonitorView = z.object({
  now: z.string(),
  /** The PBX connection as its owner last saw it (null without one): the screen says when the figures may be stale. */
  pbx: z.object({ kind: z.enum(PBX_KINDS), state: z.string(), last_error: z.string().nullable() }).nullable(),
  /** Callers waiting for people, longest first; `queued_at` is where their wait starts. */
  waiting: z.array(CallView),
  /** Callers in the call operator's menu (not yet waiting for people). */
  in_menu: z.array(CallView),
  talking: z.array(CallView),
  today: CallStatsView,
  lines: z.array(CallLineView),
});
export type CallMonitorView = z.infer<typeof CallMonitorView>;

/**
 * Today's inbound calls minute by minute (the company's day, as `today` counts it), from local midnight up to the
 * current minute: one entry per minute in each array, `from` being the first minute. Columns rather than one object
 * per minute because a full day is 1,440 minutes and the page asks again every few seconds.
 */
export const CallMinutesView = z.object({
  from: z.string(),
  /** Calls that started ringing in the minute. */
  started: z.array(z.number().int()),
  /** Calls answered in the minute. */
  answered: z.array(z.number().int()),
  /** Calls nobody answered (missed) in the minute. */
  missed: z.array(z.number().int()),
  /** Callers who hung up while waiting for people, in the minute. */
  abandoned: z.array(z.number().int()),
  /** The most callers waiting for people at the same moment during the minute (the call operator's menu is not waiting). */
  max_waiting: z.array(z.number().int()),
});
export type CallMinutesView = z.infer<typeof CallMinutesView>;

export const ClickToCallInput = z.object({ number: e164, contact_id: z.number().int().positive().optional(), line_id: z.number().int().positive().optional() });
export type ClickToCallInput = z.input<typeof ClickToCallInput>;

/**
 * A PBX's id or number as text, never rounded: a JSON string as it is, an integer as its digits (a lossless JSON
 * parser hands integers beyond 2^53 over as text or bigint). A number that is not a safe integer was already rounded
 * by a lossy parse, so it is refused rather than kept wrong.
 */
const providerText = (max: number) =>
  z
    .union([z.string(), z.bigint(), z.number().int().refine(Number.isSafeInteger)])
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, { error: "text_too_long" }));

/** The CTI events Holboo acts on; any other `event` is acknowledged and ignored (a PBX may report more than we use). */
export const CTI_EVENT_KINDS = ["new_call", "answered", "hangup"] as const;
export type CtiEventKind = (typeof CTI_EVENT_KINDS)[number];
/** Hangup causes (Zammad's generic CTI): a hangup before an answer with `cancel` is the caller giving up, any other a missed call. */
export const CTI_HANGUP_CAUSES = ["normalClearing", "busy", "cancel", "noAnswer", "congestion", "notFound", "forwarded"] as const;

/**
 * The generic CTI webhook (README "CTI webhook"): POST /webhooks/cti/{key} with
 * `X-Holboo-Timestamp` (unix seconds) and `X-Holboo-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}">`.
 */
export const CtiEvent = z.object({
  event_id: providerText(200).pipe(z.string().min(1)),
  /** One of CTI_EVENT_KINDS, or another the PBX reports (stored nowhere, acknowledged). */
  event: z.string().trim().min(1).max(60),
  call_id: providerText(200).pipe(z.string().min(1)),
  direction: z.enum(CALL_DIRECTIONS).default("in"),
  from: providerText(40).default(""),
  to: providerText(40).default(""),
  /** answered: the extension that answered. */
  extension: providerText(20).optional(),
  /** hangup: why (CTI_HANGUP_CAUSES); an unknown cause counts as a hangup without one. */
  cause: z.string().trim().max(60).optional(),
  recording_url: z
    .string()
    .trim()
    .max(1000)
    .regex(/^https?:\/\//i)
    .optional(),
  /** When it happened at the PBX (ISO 8601); the receipt time otherwise. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type CtiEvent = z.infer<typeof CtiEvent>;
/** A signed CTI request older or newer than this is refused as a replay. */
export const CTI_MAX_SKEW_SECONDS = 300;
