import type { PbxKind } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import type { PbxConnectionRow } from "./calls.repo.ts";

/** A PBX's address and login as an admin types them (the password as stored, opened). */
export interface PbxLogin {
  url: string;
  username: string;
  password: string;
  app: string;
}

/**
 * What the call center needs of one kind of PBX. Each kind is a folder under channels/ that reports its calls
 * through call-state.service.ts and offers this driver; the composition root lists the drivers (pbx-drivers.ts)
 * and hands them in (`ctx.pbxDrivers`), so the calls feature never imports a PBX's folder. A capability a kind
 * lacks is left out: a PBX that only reports its calls (the CTI webhook) places none.
 */
export interface PbxDriver {
  readonly kind: PbxKind;
  /** The driver's routes (a webhook) and background work (a session with each company's PBX), when the app is built. */
  register(app: TypedApp, ctx: AppContext): void;
  /** Settings are tested before they are saved: a PBX that refuses them (or does not answer) is a `fail`. */
  testConnection?(ctx: AppContext, login: PbxLogin): Promise<void>;
  /** A company's PBX connection was saved or removed: this process's sessions start, restart or stop now. */
  connectionsChanged?(): void;
  /** Click-to-call: the PBX's own id for the call Holboo records before placing it (`token` makes it unique). */
  outboundCallId?(extension: string, token: string): string;
  /** Rings the person's extension, then the customer, on the call id chosen by `outboundCallId`; `call_failed` when it cannot. */
  placeCall?(ctx: AppContext, connection: PbxConnectionRow, call: { extension: string; number: string; callId: string }): Promise<void>;
}

/** The installed driver of a kind of PBX, or null (a connection of a kind this installation no longer drives). */
export function pbxDriverOf(ctx: AppContext, kind: string): PbxDriver | null {
  return ctx.pbxDrivers.find((driver) => driver.kind === kind) ?? null;
}
