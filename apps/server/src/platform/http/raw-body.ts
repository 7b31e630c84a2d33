import type { FastifyInstance } from "fastify";
import { parse as parseLossless } from "lossless-json";
import { AppError } from "./errors.ts";
import { guardInput, jsonDepthExceeds } from "./input-guard.ts";
import { LIMITS } from "@holboo/core";

declare module "fastify" {
  interface FastifyRequest {
    /** The body's exact bytes, in scopes that keep them (webhooks check signatures over these). */
    rawBody?: Buffer;
  }
}

const INTEGER = /^-?\d+$/;

/**
 * A JSON number as JavaScript holds it, except an integer beyond 2^53: JSON.parse would round it (Viber's
 * 64-bit message tokens, 19 digits), so it keeps its exact digits as a string, which id fields store as text.
 */
function exactNumber(digits: string): number | string {
  const value = Number(digits);
  return INTEGER.test(digits) && !Number.isSafeInteger(value) ? digits : value;
}

/**
 * JSON.parse for what providers send: the same result, the same guards as every other body (depth, text
 * PostgreSQL can store, no `__proto__` key), a repeated key keeps its last value as JSON.parse does, and
 * no integer is rounded (see exactNumber). A text without a run of 16 digits holds no unsafe integer, so
 * it takes the native parser.
 */
export function parseExactJson(text: string): unknown {
  if (jsonDepthExceeds(text, LIMITS.bodyMaxDepth)) throw new AppError("body_too_deep");
  const refuseProto = (key: string, value: unknown) => {
    if (key === "__proto__") throw new AppError("invalid_parameters");
    return value;
  };
  let value: unknown;
  try {
    value = /\d{16}/.test(text)
      ? parseLossless(text, refuseProto, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue })
      : (JSON.parse(text, refuseProto) as unknown);
  } catch {
    throw new AppError("invalid_parameters");
  }
  guardInput(value);
  return value;
}

/**
 * Makes a scope keep JSON bodies' raw bytes beside the parsed value: a provider's signature is computed
 * over what it sent, never over a re-serialised object; big integers keep every digit (parseExactJson).
 */
export function keepRawJsonBodies(scope: FastifyInstance, bodyLimit: number) {
  // The root's guarded parser is replaced in this scope only (parsers are encapsulated).
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (!raw.length) return done(null, {});
    try {
      done(null, parseExactJson(raw.toString("utf8")));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}
