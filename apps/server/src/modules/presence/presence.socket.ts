import type { AppContext } from "../../context.ts";
import { updateOwnUser } from "../users/users.lookup.ts";
import { presenceExpiry } from "./presence.service.ts";

/**
 * Staff presence: online while any of a person's sockets is connected, on any process (each process's
 * heartbeat extends it, presence.service.ts). Coming online is recorded as `user.available` with the
 * status, so whoever gives out waiting work (the queue) reacts even if this process stops right after.
 */
export function registerPresenceHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId;
    ctx.db
      .transaction(async (tx) => {
        await updateOwnUser(tx, actor.userId, { presence: "online", presenceExpiresAt: presenceExpiry(), lastSeenAt: new Date() });
        if (companyId) await ctx.events.record(tx, "user.available", { company_id: companyId, user_id: actor.userId });
      })
      .then(() => companyId && realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "online" }))
      .catch((error: unknown) => ctx.log.warn({ err: error, userId: actor.userId }, "presence: could not record coming online"));

    socket.on("disconnect", async () => {
      // Unknown (a process did not answer, it may have died): presence expiry decides instead.
      if ((await realtime.userOnline(actor.userId)) !== false) return;
      await updateOwnUser(ctx.db, actor.userId, { presence: "offline", lastSeenAt: new Date() }).catch(() => undefined);
      if (companyId) realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "offline" });
    });
  });
}
