import type { AppContext } from "../../context.ts";
import { OwnedWorkers } from "../../platform/owned-workers.ts";
import { listAriConnections, setConnectionState, type PbxConnectionRow } from "../../modules/calls/call-state.service.ts";
import { AriSession, type SessionOptions } from "./ari.session.ts";

/** Advisory-lock namespace of ARI connections (the second key is the connection id). */
const LOCK_NAMESPACE = 0x41524931; // "ARI1"

const running = new Set<AriConnections>();

/** Asks this process to look for new or changed PBX connections now (settings were just saved). */
export function wakeAriConnections() {
  for (const runner of running) runner.scanSoon();
}

/**
 * Runs every company's ARI connection in exactly one worker process (`OwnedWorkers`: an advisory lock per
 * connection), so a process that dies lets go and another takes the connection over at its next scan (and
 * reconciles the calls in progress from the PBX). A connection whose settings changed since its session
 * started is restarted.
 */
export class AriConnections {
  private readonly owned: OwnedWorkers<PbxConnectionRow, { session: AriSession; version: number; stop(): Promise<void> }>;

  constructor(ctx: AppContext, options: SessionOptions & { scanMs: number }) {
    this.owned = new OwnedWorkers(ctx, {
      name: "ARI connection",
      lockNamespace: LOCK_NAMESPACE,
      scanMs: options.scanMs,
      list: () => listAriConnections(ctx.db),
      idOf: (connection) => connection.id,
      keep: (owned, connection) => connection?.updatedAt.getTime() === owned.version,
      start: async (connection) => {
        let secrets: { password?: string } | null;
        try {
          secrets = connection.secrets ? ctx.secrets.open<{ password?: string }>(connection.secrets) : null;
        } catch {
          return null; // Sealed with another HOLBOO_SECRET_KEY: left to a process that can open it.
        }
        if (!secrets?.password) {
          await setConnectionState(ctx.db, connection.id, "failed", "no_password");
          return null;
        }
        const session = new AriSession(ctx, connection, { password: secrets.password }, options);
        session.start();
        return { session, version: connection.updatedAt.getTime(), stop: () => session.stop() };
      },
    });
  }

  start() {
    running.add(this);
    this.owned.start();
  }

  scanSoon() {
    this.owned.scanSoon();
  }

  async stop() {
    running.delete(this);
    await this.owned.stop();
  }
}
