import type { AppContext } from "../../context.ts";
import { drainQueue } from "../interactions/ownership.service.ts";
import { updateOwnUser } from "../users/users.service.ts";

/** Staff presence: online while any of a person's sockets is connected; coming online drains the queue. */
export function registerPresenceHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId ?? 0;
    void (async () => {
      await updateOwnUser(ctx.db, actor.userId, { presence: "online", lastSeenAt: new Date() });
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "online" });
      await drainQueue(ctx, companyId);
    })().catch(() => undefined);

    socket.on("disconnect", async () => {
      const remaining = await socket.nsp.in(`u${actor.userId}`).fetchSockets();
      if (remaining.length) return;
      await updateOwnUser(ctx.db, actor.userId, { presence: "offline", lastSeenAt: new Date() }).catch(() => undefined);
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "offline" });
    });
  });
}
