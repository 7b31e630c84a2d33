import { STAFF_SOCKET_INPUTS, fullName, type TypingSignal } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { roomsForInteraction } from "../../platform/realtime/rooms.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { canSee } from "./interactions.policy.ts";
import { findInteraction } from "./interactions.repo.ts";

/** A person typing in a conversation: a signal, never stored, to colleagues who see it and to the customer. */
export function registerStaffTypingHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId ?? 0;
    socket.on("typing", async (payload: unknown) => {
      const input = STAFF_SOCKET_INPUTS.typing.safeParse(payload);
      if (!input.success) return;
      const id = input.data.interaction_id;
      const interaction = await findInteraction(ctx.db, companyId, id).catch(() => null);
      if (!interaction || !canSee({ ...actor, companyId }, interaction)) return;
      const user = await findCompanyUser(ctx.db, companyId, actor.userId);
      const name = user ? fullName(user.firstName, user.lastName) : "";
      const signal: TypingSignal = { interaction_id: id, who: "user", user_id: actor.userId, name };
      socket.to(roomsForInteraction(interaction)).emit("typing", signal);
      if (interaction.identityId) realtime.toVisitor(interaction.identityId, "typing", { interaction_id: id, name });
    });
  });
}
