import { disconnectProvider } from "./adapters.service.ts";
import type { AppContext } from "../context.ts";
import type { MemberActor } from "../platform/auth/actor.ts";
import { fail } from "../platform/http/errors.ts";
import { countOpenOnChannel } from "../modules/interactions/interactions.lookup.ts";
import * as repo from "./channels.repo.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { presentChannel } from "./channels.presenter.ts";

/** The spec's path carries the company id; it must be the caller's own company. */
export async function listForCompany(ctx: AppContext, actor: MemberActor, companyId: number) {
  if (companyId !== actor.companyId) fail("company_not_found");
  const rows = await repo.listChannels(ctx.db, actor.companyId);
  return { items: rows.map(presentChannel) };
}

export async function setActive(ctx: AppContext, actor: MemberActor, channelId: number, active: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateChannel(tx, actor.companyId, channelId, { active });
    if (updated) await recordAudit(tx, actor, { action: "channel.update", targetType: "channel", targetId: channelId, after: { name: updated.name, active } });
    return updated;
  });
  return presentChannel(row ?? fail("channel_not_found"));
}

export async function removeChannel(ctx: AppContext, actor: MemberActor, channelId: number) {
  const row = (await repo.findChannel(ctx.db, actor.companyId, channelId)) ?? fail("channel_not_found");
  if ((await countOpenOnChannel(ctx.db, actor.companyId, channelId)) > 0) fail("channel_has_open_interactions");
  // The provider is told first; one that cannot be reached must not keep a company from removing its channel.
  await disconnectProvider(ctx, row).catch((error: unknown) => ctx.log.warn({ err: error, channelId }, "provider disconnect failed"));
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteChannel(tx, actor.companyId, channelId))) fail("channel_not_found");
    await recordAudit(tx, actor, { action: "channel.disconnect", targetType: "channel", targetId: channelId, before: { type: row.type, name: row.name } });
  });
  return { ok: true as const };
}
