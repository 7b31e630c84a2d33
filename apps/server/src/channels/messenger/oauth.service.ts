import type { MessengerChannelInput, MessengerChannelUpdate, MessengerChannelView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel, findChannelByAccount, insertChannel, updateChannel } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { saveChannelSecrets } from "../secrets.ts";
import { servingAgentOf } from "../serving-agent.ts";
import { callGraph, GraphRefused, GraphUnreachable, PAGE_FIELDS } from "./graph.api.ts";
import { messengerConfigOf, type MessengerConfig } from "./messenger.config.ts";
import { assertWithinLimit } from "../../modules/billing/limits.service.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";

/** Page permissions the app asks for: list Pages, message on them, subscribe the app to their webhooks. */
const SCOPES = ["pages_show_list", "pages_messaging", "pages_manage_metadata", "business_management"];
const SESSION_TTL_MS = 30 * 60 * 1000;

interface LoginSession {
  company: number;
  user: number;
  expires: number;
  pages: Array<{ id: string; name: string; token: string }>;
}

const appOf = (ctx: AppContext) =>
  ctx.config.META_APP_ID && ctx.config.META_APP_SECRET ? { id: ctx.config.META_APP_ID, secret: ctx.config.META_APP_SECRET } : fail("messenger_not_configured");
const redirectUri = (ctx: AppContext) => `${ctx.config.PUBLIC_URL}/api/messenger/oauth/callback`;
const stateOf = (ctx: AppContext, actor: MemberActor) => `${actor.companyId}.${actor.userId}.${ctx.secrets.mac(`fb-state:${actor.companyId}:${actor.userId}`)}`;

/** Facebook Login's dialog for this person; the state ties the answer to them. */
export function loginUrl(ctx: AppContext, actor: MemberActor) {
  const app = appOf(ctx);
  const url = new URL(ctx.config.FACEBOOK_DIALOG_URL);
  url.searchParams.set("client_id", app.id);
  url.searchParams.set("redirect_uri", redirectUri(ctx));
  url.searchParams.set("state", stateOf(ctx, actor));
  url.searchParams.set("scope", SCOPES.join(","));
  url.searchParams.set("response_type", "code");
  return { url: url.toString() };
}

/**
 * Facebook Login's answer: the code becomes a user token, then a long-lived one, whose Page list carries
 * long-lived Page tokens. They are sealed (never shown) into a session the browser hands back to pick a Page.
 */
export async function finishLogin(ctx: AppContext, actor: MemberActor, query: { code?: string; state?: string; error?: string }): Promise<string> {
  const app = appOf(ctx);
  const code = !query.error && query.code && query.state === stateOf(ctx, actor) ? query.code : fail("messenger_page_connect_failed");
  try {
    const short = await callGraph<{ access_token: string }>(ctx, "GET", "oauth/access_token", {
      client_id: app.id,
      client_secret: app.secret,
      redirect_uri: redirectUri(ctx),
      code,
    });
    const long = await callGraph<{ access_token: string }>(ctx, "GET", "oauth/access_token", {
      grant_type: "fb_exchange_token",
      client_id: app.id,
      client_secret: app.secret,
      fb_exchange_token: short.access_token,
    });
    const accounts = await callGraph<{ data: Array<{ id: string; name: string; access_token: string }> }>(ctx, "GET", "me/accounts", {
      fields: "id,name,access_token,tasks",
      access_token: long.access_token,
    });
    const session: LoginSession = {
      company: actor.companyId,
      user: actor.userId,
      expires: Date.now() + SESSION_TTL_MS,
      pages: accounts.data.map((page) => ({ id: page.id, name: page.name, token: page.access_token })),
    };
    return ctx.secrets.seal(session).toString("base64url");
  } catch (error) {
    if (error instanceof GraphRefused || error instanceof GraphUnreachable) fail("messenger_page_connect_failed");
    throw error;
  }
}

function openSession(ctx: AppContext, actor: MemberActor, sealed: string): LoginSession {
  let session: LoginSession;
  try {
    session = ctx.secrets.open<LoginSession>(Buffer.from(sealed, "base64url"));
  } catch {
    return fail("messenger_page_connect_failed");
  }
  if (session.company !== actor.companyId || session.user !== actor.userId || session.expires < Date.now()) fail("messenger_page_connect_failed");
  return session;
}

export function listPages(ctx: AppContext, actor: MemberActor, sealed: string) {
  return { items: openSession(ctx, actor, sealed).pages.map(({ id, name }) => ({ id, name })) };
}

function present(channel: ChannelRow): MessengerChannelView {
  const config = messengerConfigOf(channel);
  return {
    id: channel.id,
    type: "messenger",
    name: channel.name,
    number: channel.number,
    description: channel.description,
    active: channel.active,
    agent_id: channel.agentId,
    agent_active: channel.agentActive,
    created_at: channel.createdAt.toISOString(),
    page_id: config.page_id,
    page_name: config.page_name,
  };
}

export async function getMessenger(ctx: AppContext, actor: MemberActor, channelId: number) {
  const channel = await findChannel(ctx.db, actor.companyId, channelId);
  return present(channel?.type === "messenger" ? channel : fail("channel_not_found"));
}

/** Subscribes the app to the chosen Page's fields with its Page token, then stores the channel with the token sealed. */
export async function connectPage(ctx: AppContext, actor: MemberActor, input: MessengerChannelInput) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const page = openSession(ctx, actor, input.session).pages.find((p) => p.id === input.page_id) ?? fail("messenger_page_connect_failed");
  if (await findChannelByAccount(ctx.db, "messenger", "page_id", page.id)) fail("channel_already_connected");
  await assertWithinLimit(ctx.db, actor.companyId, "channels");
  const subscribed = await callGraph<{ success?: boolean }>(ctx, "POST", `${page.id}/subscribed_apps`, {
    subscribed_fields: PAGE_FIELDS.join(","),
    access_token: page.token,
  }).catch((error: unknown) => (error instanceof GraphRefused || error instanceof GraphUnreachable ? null : Promise.reject(error)));
  if (!subscribed?.success) fail("messenger_page_connect_failed");
  const config: MessengerConfig = { page_id: page.id, page_name: page.name };
  const channel = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "channels");
    const row = await insertChannel(tx, {
      companyId: actor.companyId,
      type: "messenger",
      name: input.name,
      description: input.description,
      number: page.name,
      active: true,
      config,
      ...agent,
    });
    await saveChannelSecrets(ctx.secrets, tx, row, { page_token: page.token });
    await recordAudit(tx, actor, {
      action: "channel.create",
      targetType: "channel",
      targetId: row.id,
      after: { type: "messenger", name: input.name, page: page.name },
    });
    return row;
  });
  return present(channel);
}

/** Name, description and the serving agent; the Page, its token and subscription stay as connected. */
export async function updateMessenger(ctx: AppContext, actor: MemberActor, channelId: number, input: MessengerChannelUpdate) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const found = await findChannel(ctx.db, actor.companyId, channelId);
  const channel = found?.type === "messenger" ? found : fail("channel_not_found");
  await ctx.db.transaction(async (tx) => {
    await updateChannel(tx, actor.companyId, channelId, { name: input.name, description: input.description, ...agent });
    await recordAudit(tx, actor, {
      action: "channel.update",
      targetType: "channel",
      targetId: channelId,
      before: { name: channel.name },
      after: { name: input.name },
    });
  });
  return getMessenger(ctx, actor, channelId);
}
