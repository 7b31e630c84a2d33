import type { Actor } from "../auth/actor.ts";
import { seesEveryInteraction } from "../auth/policy.ts";

/**
 * Staff rooms mirror who may see an interaction: `c{id}:all` for members who see every interaction,
 * `c{id}:pool` for the others (they see open ones in the queue or with the AI agent), `u{id}` for one user,
 * `s{session}` for the sockets of one sign-in (a logout ends those and no others).
 */
export function staffRooms(actor: Actor): string[] {
  const rooms = [`u${actor.userId}`, `c${actor.companyId}`, sessionRoom(actor.sessionId)];
  rooms.push(seesEveryInteraction(actor) ? `c${actor.companyId}:all` : `c${actor.companyId}:pool`);
  return rooms;
}

export interface VisibilityState {
  companyId: number;
  status: string;
  ownerType: string;
  assigneeUserId: number | null;
  closedByUserId: number | null;
}

/** The rooms that may see an interaction in any of the given states (before and after a change). */
export function roomsForInteraction(...states: VisibilityState[]): string[] {
  const rooms = new Set<string>();
  for (const state of states) {
    rooms.add(`c${state.companyId}:all`);
    if (state.assigneeUserId) rooms.add(`u${state.assigneeUserId}`);
    if (state.closedByUserId) rooms.add(`u${state.closedByUserId}`);
    if (state.status === "open" && (state.ownerType === "queue" || state.ownerType === "ai")) rooms.add(`c${state.companyId}:pool`);
  }
  return [...rooms];
}

export const sessionRoom = (sessionId: string) => `s${sessionId}`;
