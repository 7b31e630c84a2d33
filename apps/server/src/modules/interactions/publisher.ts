import type { AppContext } from "../../context.ts";
import { roomsForInteraction, type VisibilityState } from "../../platform/realtime/rooms.ts";
import type { EventRow } from "./events.repo.ts";
import type { InteractionRow } from "./interactions.repo.ts";
import { presentEvent } from "./interactions.presenter.ts";

/**
 * Pushes events after their transaction committed: to the staff who could see the interaction before
 * or after the change, and the customer-visible ones to the contact's live connection. A client that
 * missed a push fetches the events after its last sequence, so a lost push loses nothing.
 */
export function publish(ctx: AppContext, states: InteractionRow[], events: EventRow[]) {
  if (!events.length || !states.length) return;
  const visibility: VisibilityState[] = states;
  const rooms = roomsForInteraction(...visibility);
  const identityId = states[states.length - 1]?.identityId ?? null;
  for (const event of events) {
    const view = presentEvent(event);
    ctx.realtime.toStaff(rooms, "interaction.event", view);
    if (identityId && event.visibleToContact) ctx.realtime.toVisitor(identityId, "event", view);
  }
}
