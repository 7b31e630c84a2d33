import { z } from "zod";
import { LOCALES } from "../locale.ts";
import { LIMITS } from "../limits.ts";
import { isValidDomain } from "../validation.ts";

export const CHANNEL_TYPES = ["webchat", "messenger", "viber", "email", "voice"] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Channels whose sender ids are personal accounts (a Facebook or Viber user): two different ones are two people. */
const PERSONAL_ACCOUNT_CHANNELS: ReadonlySet<string> = new Set<ChannelType>(["messenger", "viber"]);
export const isPersonalAccountChannel = (type: string) => PERSONAL_ACCOUNT_CHANNELS.has(type);

export const ChannelView = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  number: z.string().nullable(),
  description: z.string(),
  active: z.boolean(),
  /** The virtual agent serving the channel, and whether it answers customers first. */
  agent_id: z.number().int().nullable(),
  agent_active: z.boolean(),
  created_at: z.string(),
});
export type ChannelView = z.infer<typeof ChannelView>;

const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "color_invalid" });
const text = (max: number) => z.string().trim().max(max, { error: "text_too_long" });
const requiredText = (max: number) => text(max).min(1, { error: "required" });

/**
 * The site's host, with its port when it is not the default one: "https://www.Shop.mn/path" gives "www.shop.mn",
 * and "http://localhost:8080/" gives "localhost:8080", so a developer can try the widget on a local site.
 */
export const webchatDomainSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .transform((value) =>
    value
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/[/?#].*$/, ""),
  )
  .refine(
    (value) => {
      const [host = "", port, ...rest] = value.split(":");
      if (rest.length) return false;
      if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) return false;
      return host === "localhost" || isValidDomain(host);
    },
    { error: "mail_domain_invalid" },
  );

export const WebchatFaqEntry = z.object({
  question_mn: requiredText(LIMITS.webchatFaqQuestionMaxChars),
  question_en: text(LIMITS.webchatFaqQuestionMaxChars).default(""),
  answer_mn: text(LIMITS.webchatFaqAnswerMaxChars).default(""),
  answer_en: text(LIMITS.webchatFaqAnswerMaxChars).default(""),
});
export type WebchatFaqEntry = z.infer<typeof WebchatFaqEntry>;

export const WebchatChannelInput = z.object({
  name: requiredText(LIMITS.channelNameMaxChars),
  description: requiredText(LIMITS.channelDescriptionMaxChars),
  domain: webchatDomainSchema,
  name_mn: requiredText(LIMITS.webchatNameMaxChars),
  name_en: text(LIMITS.webchatNameMaxChars).default(""),
  greeting_mn: text(LIMITS.webchatGreetingMaxChars).default(""),
  greeting_en: text(LIMITS.webchatGreetingMaxChars).default(""),
  brand_color: colorSchema.default("#3B5BDB"),
  text_color: colorSchema.default("#FFFFFF"),
  language: z.enum(LOCALES, { error: "invalid_parameters" }).default("mn"),
  faq: z.array(WebchatFaqEntry).max(LIMITS.webchatFaqMaxEntries, { error: "text_too_long" }).default([]),
  active: z.boolean().default(true),
  agent_id: z.number({ error: "virtual_agent_not_found" }).int().positive({ error: "virtual_agent_not_found" }).nullable().default(null),
  agent_active: z.boolean().default(false),
});
export type WebchatChannelInput = z.infer<typeof WebchatChannelInput>;

/** How the chat looks to visitors: what the widget receives and what the settings page edits. */
export const WebchatLook = z.object({
  name_mn: z.string(),
  name_en: z.string(),
  greeting_mn: z.string(),
  greeting_en: z.string(),
  brand_color: z.string(),
  text_color: z.string(),
  language: z.enum(LOCALES),
  faq: z.array(WebchatFaqEntry),
  logo_url: z.string().nullable(),
});
export type WebchatLook = z.infer<typeof WebchatLook>;

export const WebchatChannelView = ChannelView.extend({
  ...WebchatLook.shape,
  domain: z.string(),
  public_key: z.string(),
  hmac_secret: z.string(),
  embed_snippet: z.string(),
});
export type WebchatChannelView = z.infer<typeof WebchatChannelView>;

export const ChannelActiveInput = z.object({ active: z.boolean({ error: "invalid_parameters" }) });

/** Connecting a Viber bot: its token from the Viber Admin Panel, checked with the provider before it is stored. */
export const ViberChannelInput = z.object({
  name: requiredText(LIMITS.channelNameMaxChars),
  description: text(LIMITS.channelDescriptionMaxChars).default(""),
  token: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(200, { error: "text_too_long" }),
  /** Sent by the provider when a customer opens the chat (Viber's conversation_started); empty for none. */
  welcome: text(LIMITS.webchatGreetingMaxChars).default(""),
  /** The bot was requested from Viber and waits for its approval (spec §4). */
  awaiting_approval: z.boolean().default(false),
  agent_id: z.number({ error: "virtual_agent_not_found" }).int().positive({ error: "virtual_agent_not_found" }).nullable().default(null),
  agent_active: z.boolean().default(false),
});
export type ViberChannelInput = z.infer<typeof ViberChannelInput>;

/** Changing a connected Viber bot; the token stays as connected. */
export const ViberChannelUpdate = ViberChannelInput.omit({ token: true });
export type ViberChannelUpdate = z.infer<typeof ViberChannelUpdate>;

export const ViberChannelView = ChannelView.extend({
  type: z.literal("viber"),
  /** The bot's public name and avatar, as Viber reports them; replies are sent under them. */
  bot_name: z.string(),
  bot_uri: z.string(),
  avatar: z.string().nullable(),
  welcome: z.string(),
  awaiting_approval: z.boolean(),
});
export type ViberChannelView = z.infer<typeof ViberChannelView>;

/** Facebook Login's dialog address for connecting a Page (the browser goes there and comes back). */
export const MessengerLoginView = z.object({ url: z.string() });

/** The sealed result of Facebook Login, handed back to the browser, which picks one of its Pages. */
export const MessengerSessionInput = z.object({
  session: z.string({ error: "required" }).min(1, { error: "required" }).max(20_000, { error: "text_too_long" }),
});
export const MessengerPagesView = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

export const MessengerChannelInput = MessengerSessionInput.extend({
  page_id: z.string({ error: "required" }).min(1, { error: "required" }).max(64, { error: "text_too_long" }),
  name: requiredText(LIMITS.channelNameMaxChars),
  description: text(LIMITS.channelDescriptionMaxChars).default(""),
  agent_id: z.number({ error: "virtual_agent_not_found" }).int().positive({ error: "virtual_agent_not_found" }).nullable().default(null),
  agent_active: z.boolean().default(false),
});
export type MessengerChannelInput = z.infer<typeof MessengerChannelInput>;

/** Changing a connected Page's channel; the Page and its token stay as connected. */
export const MessengerChannelUpdate = MessengerChannelInput.omit({ session: true, page_id: true });
export type MessengerChannelUpdate = z.infer<typeof MessengerChannelUpdate>;

export const MessengerChannelView = ChannelView.extend({ type: z.literal("messenger"), page_id: z.string(), page_name: z.string() });
export type MessengerChannelView = z.infer<typeof MessengerChannelView>;

/**
 * Who controls a Messenger conversation's thread at Meta (handover protocol): Holboo, or the Page inbox
 * it was passed to. While the Page inbox has it, Holboo neither answers nor sends.
 */
/** Meta's Page inbox app: the handover protocol's target for passing a thread to people on Facebook. */
export const MESSENGER_PAGE_INBOX_APP_ID = "263902037430900";

/** Who holds a Messenger thread: Holboo, or another app (`owner_app_id`: the Page inbox's id, or another app's). */
export const MessengerThreadView = z.object({ in_page_inbox: z.boolean(), owner_app_id: z.string().nullable() });
export type MessengerThreadView = z.infer<typeof MessengerThreadView>;
