import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

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
  scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (!raw.length) return done(null, {});
    try {
      done(null, JSON.parse(raw.toString("utf8")) as unknown);
    } catch {
      done(new AppError("invalid_parameters"), undefined);
    }
  });
}
