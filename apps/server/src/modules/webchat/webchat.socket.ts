import { fullName, VISITOR_SEND_EVENT, VisitorMessageInput, type ContactPresenceSignal, type TypingSignal, type VisitorSendAck } from "@holboo/core";
import type { AppContext } from "../../platform/context.ts";
import { errorBodyOf, validationErrorBody } from "../../platform/http/errors.ts";
import { handshakeLocale } from "../../platform/i18n.ts";
import { roomsForInteraction } from "../../platform/realtime/rooms.ts";
import { findInteraction, findOpenForIdentity } from "../interactions/interactions.repo.ts";
import { canSee } from "../interactions/interactions.policy.ts";
import { drainQueue } from "../interactions/ownership.service.ts";
import { findCompanyUser, updateOwnUser } from "../users/users.repo.ts";
import { sendFromVisitor, visitorFromToken } from "./webchat.service.ts";

/**
 * Live signals that are not stored: typing both ways and staff presence. Stored changes travel as
 * interaction events from the publisher.
 */
export function registerRealtimeHandlers(ctx: AppContext) {
  const { realtime } = ctx;
  realtime.setVisitorAuthenticator((token) => visitorFromToken(ctx, token));

  realtime.onVisitorConnection((socket) => {
    const visitor = socket.data.visitor;
    const openInteraction = () => findOpenForIdentity(ctx.db, visitor.companyId, visitor.identityId).catch(() => null);
    const announce = async (online: boolean) => {
      const interaction = await openInteraction();
      const signal: ContactPresenceSignal = { interaction_id: interaction?.id ?? 0, online };
      if (interaction) realtime.toStaff(roomsForInteraction(interaction), "contact.presence", signal);
    };
    void announce(true);
    socket.on("typing", async () => {
      const interaction = await openInteraction();
      const signal: TypingSignal = { interaction_id: interaction?.id ?? 0, who: "contact" };
      if (interaction) realtime.toStaff(roomsForInteraction(interaction), "typing", signal);
    });
    // The widget's send while connected: the same service as the HTTP route, answered by acknowledgement.
    socket.on(VISITOR_SEND_EVENT, async (payload: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const reply = ack as (response: VisitorSendAck) => void;
      const locale = handshakeLocale(socket.handshake);
      const input = VisitorMessageInput.safeParse(payload);
      if (!input.success) return reply(validationErrorBody(input.error.issues, locale));
      try {
        reply({ message: await sendFromVisitor(ctx, visitor, input.data) });
      } catch (error) {
        reply(errorBodyOf(error, locale));
      }
    });
    socket.on("disconnect", async () => {
      // Another tab of the same visitor keeps them online.
      if (!(await realtime.visitorOnline(visitor.identityId))) await announce(false);
    });
  });

  realtime.onStaffConnection((socket) => {
    const actor = socket.data.actor;
    const companyId = actor.companyId ?? 0;
    void (async () => {
      await updateOwnUser(ctx.db, actor.userId, { presence: "online", lastSeenAt: new Date() });
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "online" });
      await drainQueue(ctx, companyId);
    })().catch(() => undefined);

    socket.on("typing", async (payload: unknown) => {
      const id = Number((payload as { interaction_id?: unknown } | null)?.interaction_id);
      if (!Number.isInteger(id)) return;
      const interaction = await findInteraction(ctx.db, companyId, id).catch(() => null);
      if (!interaction || !canSee({ ...actor, companyId }, interaction)) return;
      const user = await findCompanyUser(ctx.db, companyId, actor.userId);
      const name = user ? fullName(user.firstName, user.lastName) : "";
      const signal: TypingSignal = { interaction_id: id, who: "user", user_id: actor.userId, name };
      socket.to(roomsForInteraction(interaction)).emit("typing", signal);
      if (interaction.identityId) realtime.toVisitor(interaction.identityId, "typing", { interaction_id: id, name });
    });

    socket.on("disconnect", async () => {
      const remaining = await socket.nsp.in(`u${actor.userId}`).fetchSockets();
      if (remaining.length) return;
      await updateOwnUser(ctx.db, actor.userId, { presence: "offline", lastSeenAt: new Date() }).catch(() => undefined);
      realtime.toStaff([`c${companyId}`], "presence", { user_id: actor.userId, presence: "offline" });
    });
  });
}
