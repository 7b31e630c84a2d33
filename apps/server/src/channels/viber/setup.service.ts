import type { ViberChannelInput, ViberChannelUpdate, ViberChannelView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { newToken } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { deleteChannel, findChannel, findChannelByAccount, insertChannel, updateChannel } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { saveChannelSecrets } from "../secrets.ts";
import { servingAgentOf } from "../serving-agent.ts";
import { callViber, VIBER_EVENT_TYPES, ViberUnreachable, type ViberReply } from "./viber.api.ts";
import { viberConfigOf, type ViberConfig } from "./viber.config.ts";
import { assertWithinLimit } from "../../modules/billing/limits.service.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";

function present(channel: ChannelRow): ViberChannelView {
  const config = viberConfigOf(channel);
  return {
    id: channel.id,
    type: "viber",
    name: channel.name,
    number: channel.number,
    description: channel.description,
    active: channel.active,
    agent_id: channel.agentId,
    agent_active: channel.agentActive,
    created_at: channel.createdAt.toISOString(),
    bot_name: config.bot_name,
    bot_uri: config.uri,
    avatar: config.avatar,
    welcome: config.welcome,
    awaiting_approval: config.awaiting_approval,
  };
}

async function viberChannel(ctx: AppContext, companyId: number, channelId: number) {
  const channel = await findChannel(ctx.db, companyId, channelId);
  return channel?.type === "viber" ? channel : fail("channel_not_found");
}

const reach = (call: Promise<ViberReply>) =>
  call.catch((error: unknown) => (error instanceof ViberUnreachable ? fail("channel_provider_unreachable") : Promise.reject(error)));

export async function getViber(ctx: AppContext, actor: MemberActor, channelId: number) {
  return present(await viberChannel(ctx, actor.companyId, channelId));
}

/**
 * Connecting a bot: the token is checked with get_account_info (a wrong one is a clear error and stores
 * nothing), the channel and its sealed token are committed, then set_webhook is called — Viber calls the
 * webhook while it answers, so the channel must already be findable — and a refused webhook removes it again.
 */
export async function connectViber(ctx: AppContext, actor: MemberActor, input: ViberChannelInput) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  await assertWithinLimit(ctx.db, actor.companyId, "channels");
  const account = await reach(callViber(ctx, input.token, "get_account_info", {}));
  const accountId = account.status === 0 && typeof account.id === "string" ? account.id : fail("viber_token_invalid", { token: "viber_token_invalid" });
  if (await findChannelByAccount(ctx.db, "viber", "account_id", accountId)) fail("channel_already_connected");
  const config: ViberConfig = {
    webhook_key: newToken(24),
    account_id: accountId,
    bot_name: typeof account.name === "string" ? account.name : input.name,
    uri: typeof account.uri === "string" ? account.uri : "",
    avatar: typeof account.icon === "string" ? account.icon : null,
    welcome: input.welcome,
    awaiting_approval: input.awaiting_approval,
  };
  const channel = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "channels");
    const row = await insertChannel(tx, {
      companyId: actor.companyId,
      type: "viber",
      name: input.name,
      description: input.description,
      number: config.uri || null,
      active: true,
      config,
      ...agent,
    });
    await saveChannelSecrets(ctx.secrets, tx, row, { token: input.token });
    return row;
  });
  const url = `${ctx.config.PUBLIC_URL}/webhooks/viber/${config.webhook_key}`;
  const hooked = await callViber(ctx, input.token, "set_webhook", { url, event_types: VIBER_EVENT_TYPES, send_name: true, send_photo: true }).catch(
    (error: unknown) => (error instanceof ViberUnreachable ? null : Promise.reject(error)),
  );
  if (!hooked || hooked.status !== 0) {
    await deleteChannel(ctx.db, actor.companyId, channel.id);
    fail(hooked ? "channel_webhook_failed" : "channel_provider_unreachable");
  }
  // Audited once Viber accepted the webhook: a refused connection is removed again and leaves no entry.
  await recordAudit(ctx.db, actor, { action: "channel.create", targetType: "channel", targetId: channel.id, after: { type: "viber", name: input.name } });
  return getViber(ctx, actor, channel.id);
}

/** Name, welcome, the approval state and the serving agent; the token and webhook stay as connected. */
export async function updateViber(ctx: AppContext, actor: MemberActor, channelId: number, input: ViberChannelUpdate) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const channel = await viberChannel(ctx, actor.companyId, channelId);
  const config: ViberConfig = { ...viberConfigOf(channel), welcome: input.welcome, awaiting_approval: input.awaiting_approval };
  await ctx.db.transaction(async (tx) => {
    await updateChannel(tx, actor.companyId, channelId, { name: input.name, description: input.description, config, ...agent });
    await recordAudit(tx, actor, {
      action: "channel.update",
      targetType: "channel",
      targetId: channelId,
      before: { name: channel.name },
      after: { name: input.name },
    });
  });
  return getViber(ctx, actor, channelId);
}
