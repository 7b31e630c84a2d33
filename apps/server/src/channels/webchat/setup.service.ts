import type { WebchatChannelInput } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { newToken } from "../../platform/auth/tokens.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { logoImageType } from "../../modules/companies/companies.service.ts";
import { deleteFile, findFile, insertFile } from "../../modules/companies/companies.lookup.ts";
import { servingAgentOf } from "../serving-agent.ts";
import { insertChannel, updateChannel } from "../channels.lookup.ts";
import * as repo from "./webchat.repo.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { presentWebchat } from "./webchat.presenter.ts";
import { assertWithinLimit } from "../../modules/billing/limits.service.ts";

/**
 * Connecting a web chat: the channel, its site and look, its keys and its serving agent. Web chat has
 * no provider account to authorise, so setup is a form; provider channels connect through OAuth or a token.
 */
export async function getWebchat(ctx: AppContext, actor: MemberActor, channelId: number) {
  const row = (await repo.findWebchat(ctx.db, actor.companyId, channelId)) ?? fail("channel_not_found");
  return presentWebchat(row.channel, row.webchat, ctx.config.PUBLIC_URL);
}

const settingsOf = (input: WebchatChannelInput) => ({
  domain: input.domain,
  nameMn: input.name_mn,
  nameEn: input.name_en,
  greetingMn: input.greeting_mn,
  greetingEn: input.greeting_en,
  brandColor: input.brand_color.toUpperCase(),
  textColor: input.text_color.toUpperCase(),
  language: input.language,
  faq: input.faq,
});

const domainTaken = () => fail("webchat_domain_taken", { domain: "webchat_domain_taken" });

export async function createWebchat(ctx: AppContext, actor: MemberActor, input: WebchatChannelInput) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const create = ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "channels");
    const channel = await insertChannel(tx, {
      companyId: actor.companyId,
      type: "webchat",
      name: input.name,
      description: input.description,
      number: input.domain,
      active: input.active,
      ...agent,
    });
    await repo.insertWebchat(tx, {
      channelId: channel.id,
      companyId: actor.companyId,
      publicKey: newToken(16),
      hmacSecret: newToken(32),
      ...settingsOf(input),
    });
    await recordAudit(tx, actor, {
      action: "channel.create",
      targetType: "channel",
      targetId: channel.id,
      after: { type: "webchat", name: input.name, domain: input.domain },
    });
    return channel.id;
  });
  return getWebchat(ctx, actor, await onUniqueViolation(create, domainTaken));
}

export async function updateWebchat(ctx: AppContext, actor: MemberActor, channelId: number, input: WebchatChannelInput) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const update = ctx.db.transaction(async (tx) => {
    const row = await repo.findWebchat(tx, actor.companyId, channelId);
    if (!row) return fail("channel_not_found");
    await updateChannel(tx, actor.companyId, channelId, {
      name: input.name,
      description: input.description,
      number: input.domain,
      active: input.active,
      ...agent,
    });
    await repo.updateWebchat(tx, actor.companyId, channelId, settingsOf(input));
    await recordAudit(tx, actor, {
      action: "channel.update",
      targetType: "channel",
      targetId: channelId,
      before: { name: row.channel.name, domain: row.webchat.domain, active: row.channel.active },
      after: { name: input.name, domain: input.domain, active: input.active },
    });
  });
  await onUniqueViolation(update, domainTaken);
  return getWebchat(ctx, actor, channelId);
}

/** Replaces the web chat's logo (shown in the widget header); the previous image is deleted. */
export async function uploadWebchatLogo(ctx: AppContext, actor: MemberActor, channelId: number, data: Buffer, truncated: boolean) {
  const mime = logoImageType(data, truncated);
  await ctx.db.transaction(async (tx) => {
    const row = (await repo.findWebchat(tx, actor.companyId, channelId)) ?? fail("channel_not_found");
    const fileId = await insertFile(tx, actor.companyId, mime, data);
    await repo.updateWebchat(tx, actor.companyId, channelId, { logoFileId: fileId });
    if (row.webchat.logoFileId) await deleteFile(tx, actor.companyId, row.webchat.logoFileId);
  });
  return getWebchat(ctx, actor, channelId);
}

export async function removeWebchatLogo(ctx: AppContext, actor: MemberActor, channelId: number) {
  await ctx.db.transaction(async (tx) => {
    const row = (await repo.findWebchat(tx, actor.companyId, channelId)) ?? fail("channel_not_found");
    if (!row.webchat.logoFileId) return;
    await repo.updateWebchat(tx, actor.companyId, channelId, { logoFileId: null });
    await deleteFile(tx, actor.companyId, row.webchat.logoFileId);
  });
  return getWebchat(ctx, actor, channelId);
}

/** The logo the widget shows on any site: public, found by the channel's public key. */
export async function webchatLogo(ctx: AppContext, publicKey: string) {
  const found = (await repo.findWebchatByPublicKey(ctx.db, publicKey)) ?? fail("file_not_found");
  const fileId = found.webchat.logoFileId ?? fail("file_not_found");
  return (await findFile(ctx.db, found.webchat.companyId, fileId)) ?? fail("file_not_found");
}
