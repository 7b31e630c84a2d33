import { VISITOR_SOCKET_INPUTS, type ContactPresenceSignal, type TypingSignal, type VisitorSendAck } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { errorBodyOf, validationErrorBody } from "../../platform/http/errors.ts";
import { handshakeLocale } from "../../platform/i18n.ts";
import { roomsForInteraction } from "../../platform/realtime/rooms.ts";
import { findOpenForIdentity } from "../../modules/interactions/interactions.lookup.ts";
import { sendFromVisitor, visitorFromToken } from "./webchat.service.ts";

/**
 * A visitor's live connection: their sends (acknowledged), typing and presence signals. Stored changes
 * reach them as interaction events from the publisher.
 */
export function registerVisitorSocket(ctx: AppContext) {
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
    socket.on("message", async (payload: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const reply = ack as (response: VisitorSendAck) => void;
      const input = VISITOR_SOCKET_INPUTS.message.safeParse(payload);
      if (!input.success) return reply(validationErrorBody(input.error.issues, handshakeLocale(socket.handshake)));
      try {
        reply({ message: await sendFromVisitor(ctx, visitor, input.data) });
      } catch (error) {
        reply(errorBodyOf(error, handshakeLocale(socket.handshake)));
      }
    });
    socket.on("disconnect", async () => {
      // Another tab of the same visitor keeps them online.
      if (!(await realtime.visitorOnline(visitor.identityId))) await announce(false);
    });
  });
}
