import type { Presence } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { updateOwnUser } from "../users/users.lookup.ts";
import { expirePresence, extendPresence } from "./presence.repo.ts";

/**
 * Presence holds only while some process keeps extending it: each process extends, every HEARTBEAT_MS,
 * the presence of the people with a socket on it, for PRESENCE_TTL_MS. A process that dies stops
 * extending, so its people are offline (for assignment at once, for everyone after the sweep) within
 * the TTL. Three heartbeats fit in the TTL, so one slow heartbeat does not make anyone flicker offline.
 */
export const HEARTBEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 60_000;

export const presenceExpiry = (now = Date.now()) => new Date(now + PRESENCE_TTL_MS);

/**
 * A person's own status (a socket connecting, or their choice). Coming online is recorded as `user.available` in the
 * same transaction, so whoever gives out waiting work (the queue) reacts even if this process stops right after.
 */
export async function setOwnPresence(ctx: AppContext, actor: { userId: number; companyId: number | null }, presence: Presence) {
  const companyId = actor.companyId;
  await ctx.db.transaction(async (tx) => {
    await updateOwnUser(tx, actor.userId, { presence, presenceExpiresAt: presenceExpiry(), lastSeenAt: new Date() });
    if (presence === "online" && companyId) await ctx.events.record(tx, "user.available", { company_id: companyId, user_id: actor.userId });
  });
}

/** Extends the presence of everyone with a staff socket on this process. */
export async function heartbeat(ctx: AppContext) {
  await extendPresence(ctx.db, ctx.realtime.localUserIds(), presenceExpiry());
}

/** Sets offline the people whose presence expired, and tells their colleagues. */
export async function expireStalePresence(ctx: AppContext) {
  for (const { id, companyId } of await expirePresence(ctx.db)) {
    if (companyId) ctx.realtime.toStaff([`c${companyId}`], "presence", { user_id: id, presence: "offline" });
  }
}
