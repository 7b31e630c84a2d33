import type { FastifyInstance } from "fastify";
import type { AppError } from "./errors.ts";
import { parseGuardedJson } from "./input-guard.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The body's exact bytes, in scopes that keep them (webhooks check signatures over these). */
    rawBody?: Buffer;
  }
}

/**
 * Makes a scope keep JSON bodies' raw bytes beside the parsed value: a provider's signature is computed
 * over what it sent, never over a re-serialised object.
 */
export function keepRawJsonBodies(scope: FastifyInstance, bodyLimit: number) {
  // The root's guarded parser is replaced in this scope only (parsers are encapsulated).
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (!raw.length) return done(null, {});
    try {
      done(null, parseGuardedJson(raw.toString("utf8")));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}
