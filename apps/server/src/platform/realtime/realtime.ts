import type { IncomingMessage, Server as HttpServer } from "node:http";
import {
  SESSION_COOKIE,
  STAFF_SOCKET_REFUSALS,
  type StaffClientEvents,
  type StaffServerEvents,
  type VisitorClientEvents,
  type VisitorServerEvents,
} from "@holboo/core";
import fastifyCookie from "@fastify/cookie";
import { Server, type DefaultEventsMap, type Namespace, type Socket } from "socket.io";
import type { Actor } from "../auth/actor.ts";
import { actorFromSessionToken, type ContextOptions } from "../http/context.ts";
import { errorBodyOf } from "../http/errors.ts";
import { guardInput } from "../http/input-guard.ts";
import { handshakeLocale } from "../i18n.ts";
import { CompanyChanges } from "../company-changes.ts";
import type { Signals } from "../signals.ts";
import type { FanOut } from "./fan-out.ts";
import { sessionRoom, staffRooms } from "./rooms.ts";

export interface VisitorIdentity {
  companyId: number;
  channelId: number;
  identityId: number;
  /** Null until an anonymous visitor's first message makes them a contact (then set on this same object). */
  contactId: number | null;
  contactName: string;
}

interface StaffSocketData {
  actor: Actor;
}
/** A visitor's socket stays who it authenticated as when it connected, for the connection's life. */
interface VisitorSocketData {
  visitor: VisitorIdentity;
}
type StaffServer = Server<StaffClientEvents, StaffServerEvents, DefaultEventsMap, StaffSocketData>;
type VisitorNamespace = Namespace<VisitorClientEvents, VisitorServerEvents, DefaultEventsMap, VisitorSocketData>;
export type StaffSocket = Socket<StaffClientEvents, StaffServerEvents, DefaultEventsMap, StaffSocketData>;
export type VisitorSocket = Socket<VisitorClientEvents, VisitorServerEvents, DefaultEventsMap, VisitorSocketData>;

interface RealtimeOptions extends ContextOptions {
  /** Browser origins allowed to open staff sockets besides the page's own (PUBLIC_URL's); requests without Origin are not browsers. */
  allowedOrigins: readonly string[];
  /** Behind a proxy (TRUST_PROXY), the browser's host may arrive as X-Forwarded-Host. */
  trustProxy?: boolean;
}

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() || null;

/**
 * Whether a browser's socket comes from a page of this very server: its Origin is PUBLIC_URL's, or names the host the
 * browser asked for (127.0.0.1, a LAN address, another name of the machine), as a same-origin page's does. Another
 * site's page carries its own origin, which matches neither, so it is refused as before.
 */
export function sameSiteOrigin(origin: string, headers: IncomingMessage["headers"], allowedOrigins: readonly string[], trustProxy = false): boolean {
  if (allowedOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const served = [firstValue(headers.host), trustProxy ? firstValue(headers["x-forwarded-host"]) : null];
  return served.some((value) => value !== null && value.toLowerCase() === host);
}

/** The HTTP input guard for socket events: a refused payload is answered on its acknowledgement and never handled. */
function guardPayloads(socket: StaffSocket | VisitorSocket) {
  socket.use((packet, next) => {
    const args = packet.slice(1);
    const ack = args.at(-1);
    try {
      guardInput(typeof ack === "function" ? args.slice(0, -1) : args);
    } catch (error) {
      if (typeof ack === "function") (ack as (body: unknown) => void)(errorBodyOf(error, handshakeLocale(socket.handshake)));
      return;
    }
    next();
  });
}

/**
 * Socket.IO for staff (`/`, authenticated by the session cookie) and web-chat visitors (`/webchat`,
 * authenticated by a visitor token). Modules push only committed events through `toStaff`/`toVisitors`.
 */
export class Realtime {
  private io: StaffServer | null = null;
  private visitorNamespace: VisitorNamespace | null = null;
  private readonly staffHandlers: Array<(socket: StaffSocket) => void> = [];
  private readonly visitorHandlers: Array<(socket: VisitorSocket) => void> = [];
  private visitorAuth: ((token: string) => Promise<VisitorIdentity | null>) | null = null;
  private closedCompanies: CompanyChanges | null = null;

  constructor(private readonly options: RealtimeOptions) {}

  onStaffConnection(handler: (socket: StaffSocket) => void) {
    this.staffHandlers.push(handler);
  }

  onVisitorConnection(handler: (socket: VisitorSocket) => void) {
    this.visitorHandlers.push(handler);
  }

  setVisitorAuthenticator(authenticate: (token: string) => Promise<VisitorIdentity | null>) {
    this.visitorAuth = authenticate;
  }

  /** Serves sockets on the HTTP server; with a fan-out, pushes and socket queries reach every process. */
  attach(server: HttpServer, fanOut?: FanOut) {
    const io: StaffServer = new Server(server, {
      serveClient: false,
      maxHttpBufferSize: 64 * 1024,
      pingInterval: 20_000,
      pingTimeout: 20_000,
      ...(fanOut ? { adapter: fanOut.adapter } : {}),
    });
    this.io = io;
    io.use((socket, next) => {
      const origin = socket.handshake.headers.origin;
      if (origin && !sameSiteOrigin(origin, socket.handshake.headers, this.options.allowedOrigins, this.options.trustProxy))
        return next(new Error(STAFF_SOCKET_REFUSALS.origin));
      void this.authenticateStaff(socket).then(
        (actor) => {
          if (!actor) return next(new Error(STAFF_SOCKET_REFUSALS.session));
          socket.data.actor = actor;
          next();
        },
        () => next(new Error("unauthorized")),
      );
    });
    io.on("connection", (staff) => {
      guardPayloads(staff);
      void staff.join(staffRooms(staff.data.actor));
      for (const handler of this.staffHandlers) handler(staff);
    });

    // Socket.IO types every namespace with its server's maps; the visitors' namespace has its own events and data.
    const visitors = io.of("/webchat") as unknown as VisitorNamespace;
    this.visitorNamespace = visitors;
    visitors.use((socket, next) => {
      const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : "";
      const authenticate = this.visitorAuth;
      if (!token || !authenticate) return next(new Error("unauthorized"));
      void authenticate(token).then(
        (visitor) => {
          if (!visitor) return next(new Error("unauthorized"));
          socket.data.visitor = visitor;
          next();
        },
        () => next(new Error("unauthorized")),
      );
    });
    visitors.on("connection", (visitor) => {
      guardPayloads(visitor);
      // The handshake is built; the first HTTP request would otherwise be held for the whole
      // connection, the largest part of a connected visitor's memory.
      (visitor.conn as { request: IncomingMessage | null }).request = null;
      void visitor.join(visitorRoom(visitor.data.visitor.identityId));
      for (const handler of this.visitorHandlers) handler(visitor);
    });
  }

  private async authenticateStaff(socket: StaffSocket): Promise<Actor | null> {
    const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? "");
    const actor = await actorFromSessionToken(cookies[SESSION_COOKIE], this.options);
    // A company whose access is closed has no staff sockets until it is restored (its staff see the closed screen).
    return actor && actor.companyId !== null && !actor.twoFactorPending && !actor.companyAccessClosed ? actor : null;
  }

  /** Pushes one event of the staff map; a name or payload not in it fails typecheck. */
  toStaff<Name extends keyof StaffServerEvents>(rooms: string[], event: Name, ...payload: Parameters<StaffServerEvents[Name]>) {
    if (this.io && rooms.length) this.io.to(rooms).emit(event, ...payload);
  }

  /** Pushes one event of the visitor map to a contact identity's sockets. */
  toVisitor<Name extends keyof VisitorServerEvents>(identityId: number, event: Name, ...payload: Parameters<VisitorServerEvents[Name]>) {
    this.visitorNamespace?.to(visitorRoom(identityId)).emit(event, ...payload);
  }

  /**
   * Whether a contact identity has a live chat socket on any process. A process that died unannounced
   * keeps the question open until the adapter's timeout; then only this process's sockets are counted.
   */
  async visitorOnline(identityId: number): Promise<boolean> {
    const namespace = this.visitorNamespace;
    if (!namespace) return false;
    if (namespace.adapter.rooms.get(visitorRoom(identityId))?.size) return true;
    return (
      (
        await namespace
          .in(visitorRoom(identityId))
          .fetchSockets()
          .catch(() => [])
      ).length > 0
    );
  }

  /**
   * Whether a user has a staff socket on any process; null when another process did not answer in time
   * (it may have died), so the caller can leave the decision to presence expiry.
   */
  async userOnline(userId: number): Promise<boolean | null> {
    if (!this.io) return false;
    if (this.io.of("/").adapter.rooms.get(`u${userId}`)?.size) return true;
    return this.io
      .in(`u${userId}`)
      .fetchSockets()
      .then(
        (sockets) => sockets.length > 0,
        () => null,
      );
  }

  /** Users with a staff socket on this process (each process refreshes the presence of its own). */
  localUserIds(): number[] {
    const rooms = this.io?.of("/").adapter.rooms;
    if (!rooms) return [];
    const ids: number[] = [];
    for (const [room, sockets] of rooms) if (sockets.size && /^u\d+$/.test(room)) ids.push(Number(room.slice(1)));
    return ids;
  }

  /** Ends every socket of a user, on every process (deactivation, password reset). */
  disconnectUser(userId: number) {
    this.io?.in(`u${userId}`).disconnectSockets(true);
  }

  /** Ends the sockets of one sign-in, on every process (logout); a socket that reconnects must show a live session. */
  disconnectSession(sessionId: string) {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /**
   * Company-wide endings travel on a signal channel (`platform/signals.ts`), and each process ends its own sockets:
   * the reason first, then the disconnect, in that order (the fan-out's broadcast is asynchronous, its disconnect is
   * not, so through it the reason could arrive after the socket closed).
   */
  listenForClosedCompanies(signals: Signals) {
    this.closedCompanies = new CompanyChanges(CLOSED_COMPANIES_CHANNEL, signals);
    this.closedCompanies.onChange((companyId) => {
      if (companyId) this.endLocalCompanySockets(companyId);
    });
  }

  /**
   * The company's access closed: every staff socket of it, on every process, is told `session.ended` with the reason
   * company_suspended and disconnected; while access stays closed, the handshake refuses a reconnect.
   */
  closeCompanySockets(companyId: number) {
    if (this.closedCompanies) this.closedCompanies.changed(companyId);
    else this.endLocalCompanySockets(companyId);
  }

  private endLocalCompanySockets(companyId: number) {
    if (!this.io) return;
    this.io.local.in(`c${companyId}`).emit("session.ended", { reason: "company_suspended" });
    this.io.local.in(`c${companyId}`).disconnectSockets(true);
  }

  async close() {
    await this.io?.close();
  }
}

const CLOSED_COMPANIES_CHANNEL = "holboo_company_access_closed";

export const visitorRoom = (identityId: number) => `v${identityId}`;
