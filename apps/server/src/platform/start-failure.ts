import type { Config } from "./config.ts";
import { StartError } from "./start-messages.ts";

const CONNECTION_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
// SQLSTATE classes that mean "this server or database cannot be used as configured": connection
// exceptions, invalid authorization, unknown database.
const CONNECTION_SQLSTATE = /^(08|28|3D)/;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || errorCode(error) || error.name;
  return String(error);
}

/** The external database as people write it, without its password. */
function databaseTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** Turns whatever stopped a start into the StartError the operator reads. */
export function startFailure(error: unknown, config: Config): StartError {
  if (error instanceof StartError) return error;
  const code = errorCode(error);
  if (code === "EADDRINUSE") return new StartError("port_in_use", { port: config.PORT, host: config.HOST });
  if (config.DATABASE_URL && code && (CONNECTION_ERRNOS.has(code) || CONNECTION_SQLSTATE.test(code))) {
    return new StartError("database_unreachable", { target: databaseTarget(config.DATABASE_URL), reason: reasonOf(error) });
  }
  return new StartError("unexpected", { reason: reasonOf(error) });
}
