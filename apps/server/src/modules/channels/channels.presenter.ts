import type { ChannelType, ChannelView, Locale, WebchatChannelView, WebchatLook } from "@holboo/core";
import type { ChannelRow, WebchatRow } from "./channels.repo.ts";

export const presentChannel = (row: ChannelRow): ChannelView => ({
  id: row.id,
  type: row.type as ChannelType,
  name: row.name,
  number: row.number,
  description: row.description,
  active: row.active,
  agent_id: row.agentId,
  agent_active: row.agentActive,
  created_at: row.createdAt.toISOString(),
});

/** The snippet a site owner pastes before </body>; the loader reads its key from the script tag. */
export const embedSnippet = (publicUrl: string, publicKey: string) =>
  `<script src="${publicUrl}/widget/loader.js" data-holboo-key="${publicKey}" async></script>`;

export const presentWebchatLook = (webchat: WebchatRow): WebchatLook => ({
  name_mn: webchat.nameMn,
  name_en: webchat.nameEn,
  greeting_mn: webchat.greetingMn,
  greeting_en: webchat.greetingEn,
  brand_color: webchat.brandColor,
  text_color: webchat.textColor,
  language: webchat.language as Locale,
  faq: webchat.faq,
  logo_url: webchat.logoFileId ? `/api/webchat/logo/${webchat.publicKey}?v=${webchat.logoFileId.slice(0, 8)}` : null,
});

export function presentWebchat(channel: ChannelRow, webchat: WebchatRow, publicUrl: string): WebchatChannelView {
  return {
    ...presentChannel(channel),
    ...presentWebchatLook(webchat),
    domain: webchat.domain,
    public_key: webchat.publicKey,
    hmac_secret: webchat.hmacSecret,
    embed_snippet: embedSnippet(publicUrl, webchat.publicKey),
  };
}
