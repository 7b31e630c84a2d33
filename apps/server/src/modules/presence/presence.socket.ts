import type { AppContext } from "../../context.ts";
import { updateOwnUser } from "../users/users.lookup.ts";
import { setOwnPresence } from "./presence.service.ts";

/**
 * Staff presence: online while any of a person's sockets is connected, on any process (each process's
 * heartbeat extends it, presence.service.ts); coming online is recorded as `user.available` with the status.
 */
export function registerPresenceHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId;
    setOwnPresence(ctx, actor, "online")
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
