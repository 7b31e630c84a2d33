import { z } from "zod";
import type { CallView } from "./calls.ts";
import type { InteractionEventView } from "./interactions.ts";
import type { IssueNotification } from "./issues.ts";
import type { Presence } from "./users.ts";
import { VisitorMessageInput, type VisitorSendAck } from "./webchat.ts";

/**
 * Every Socket.IO event, by name and payload, for both sockets (staff on `/`, web-chat visitors on `/webchat`) and
 * both directions. The server's `Server`/`Namespace`, the web's and the widget's `Socket` take these maps as their
 * generics, so a misspelt name or a wrong payload fails typecheck on either side. Clients import them as types only:
 * nothing here reaches their bundles except through the server.
 */

/** Pushed to `u{id}` when that person read a conversation up to a sequence number, so their other tabs clear its count. */
export interface InteractionReadSignal {
  interaction_id: number;
  last_read_seq: number;
}

/** A person typing in a conversation (never stored), to colleagues who see it. */
export interface TypingSignal {
  interaction_id: number;
  who: "contact" | "user";
  user_id?: number;
  name?: string;
}

/** Whether the customer has the web chat open now, for the thread header. */
export interface ContactPresenceSignal {
  interaction_id: number;
  online: boolean;
}

/** A colleague came online or went away: what their socket says, not a reason to refetch. */
export interface PresenceSignal {
  user_id: number;
  presence: Presence;
}

/** The server ends the socket after this (the company's access closed); the handshake refuses it until reopened. */
export interface SessionEndedSignal {
  reason: "company_suspended";
}

/** A person typing in the visitor's conversation, by name (the widget shows the first name). */
export interface VisitorTypingSignal {
  interaction_id: number;
  name: string;
}

/** Server → staff socket. Rooms decide who hears each one (platform/realtime/rooms.ts). */
export interface StaffServerEvents {
  /** An interaction's stored event, to the staff who could see it before or after the change. */
  "interaction.event": (event: InteractionEventView) => void;
  "interaction.read": (signal: InteractionReadSignal) => void;
  /** To `u{id}` when an issue is assigned to someone or they are mentioned in a comment. */
  "issue.notify": (note: IssueNotification) => void;
  /** To the company's room whenever a call changes; the monitoring page and the thread refresh from it. */
  "call.updated": (call: CallView) => void;
  presence: (signal: PresenceSignal) => void;
  typing: (signal: TypingSignal) => void;
  "contact.presence": (signal: ContactPresenceSignal) => void;
  "session.ended": (ended: SessionEndedSignal) => void;
}

/** What a staff socket may send; the server checks each payload with its schema here, since a client is not trusted. */
export const STAFF_SOCKET_INPUTS = {
  typing: z.object({ interaction_id: z.number().int() }),
} as const;

/** Staff socket → server. */
export interface StaffClientEvents {
  typing: (input: z.input<typeof STAFF_SOCKET_INPUTS.typing>) => void;
}

/** Server → visitor socket: only what the customer may see. */
export interface VisitorServerEvents {
  /** An interaction event visible to the contact. */
  event: (event: InteractionEventView) => void;
  typing: (signal: VisitorTypingSignal) => void;
}

/** What a visitor socket may send, with the schema the server checks it with (the HTTP send route's too). */
export const VISITOR_SOCKET_INPUTS = {
  message: VisitorMessageInput,
} as const;

/** Visitor socket → server. A send is answered on its acknowledgement (HTTP is the widget's fallback). */
export interface VisitorClientEvents {
  message: (input: z.input<typeof VISITOR_SOCKET_INPUTS.message>, ack: (reply: VisitorSendAck) => void) => void;
  typing: () => void;
}

/** The payload an event of a map carries (its listener's first argument). */
export type SocketPayload<Events, Name extends keyof Events> = Events[Name] extends (payload: infer Payload, ...rest: never[]) => void ? Payload : never;
