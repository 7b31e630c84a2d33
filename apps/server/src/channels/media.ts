import { timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context.ts";

/**
 * Providers fetch a reply's pictures and files themselves (Viber's `media`, Messenger's attachment url),
 * so each file gets a public link carrying a keyed digest of its company and id: nothing else is reachable.
 */
export function providerMediaUrl(ctx: AppContext, companyId: number, fileId: string) {
  return `${ctx.config.PUBLIC_URL}/api/channel-media/${companyId}/${fileId}/${ctx.secrets.mac(`${companyId}:${fileId}`)}`;
}

export function isProviderMediaSignature(ctx: AppContext, companyId: number, fileId: string, signature: string) {
  const expected = Buffer.from(ctx.secrets.mac(`${companyId}:${fileId}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
