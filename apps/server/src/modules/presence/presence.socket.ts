import type { AppContext } from "../../context.ts";
import { drainQueue } from "../interactions/ownership.service.ts";
import { updateOwnUser } from "../users/users.lookup.ts";
import { presenceExpiry } from "./presence.service.ts";

/**
 * Staff presence: online while any of a person's sockets is connected, on any process (each process's
 * heartbeat extends it, presence.service.ts); coming online drains the queue.
 */
export function registerPresenceHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId ?? 0;
    void (async () => {
      await updateOwnUser(ctx.db, actor.userId, { presence: "online", presenceExpiresAt: presenceExpiry(), lastSeenAt: new Date() });
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "online" });
      await drainQueue(ctx, companyId);
    })().catch(() => undefined);

    socket.on("disconnect", async () => {
      // Unknown (a process did not answer, it may have died): presence expiry decides instead.
      if ((await realtime.userOnline(actor.userId)) !== false) return;
      await updateOwnUser(ctx.db, actor.userId, { presence: "offline", lastSeenAt: new Date() }).catch(() => undefined);
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "offline" });
    });
  });
}
