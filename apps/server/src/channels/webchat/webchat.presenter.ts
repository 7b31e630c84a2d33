import type { Locale, WebchatChannelView, WebchatLook } from "@holboo/core";
import { presentChannel } from "../channels.presenter.ts";
import type { ChannelRow } from "../channels.repo.ts";
import type { WebchatRow } from "./webchat.repo.ts";

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
