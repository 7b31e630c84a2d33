import { LIMITS, unstorableText } from "@holboo/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "./errors.ts";

/**
 * The one gate for text on its way to PostgreSQL. Every JSON body (the default parser is replaced), query
 * string and path parameter passes here before validation, every socket payload in `platform/realtime`,
 * and multipart file names where a route reads them. A refusal is a catalogue error before any handler
 * runs, so nothing changes.
 */

/** The nesting depth of a JSON text, counted without parsing so a hostile body never reaches a recursive step. */
export function jsonDepthExceeds(json: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Refuses a value holding text PostgreSQL cannot store (in a string or a key, at any depth) or nested
 * deeper than a body may be. The error names the first bad field.
 */
export function guardInput(value: unknown, field = "_", maxDepth = LIMITS.bodyMaxDepth): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: field, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      if (unstorableText(item.value)) throw new AppError("text_invalid", { [item.path]: "text_invalid" });
      continue;
    }
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth >= maxDepth) throw new AppError("body_too_deep");
    for (const [key, child] of Object.entries(item.value)) {
      if (unstorableText(key)) throw new AppError("text_invalid", { [item.path]: "text_invalid" });
      const path = item.path === "_" ? key : `${item.path}.${key}`;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
}

/** JSON.parse behind the depth count and the text check; `__proto__` keys are refused as Fastify's parser does. */
export function parseGuardedJson(text: string): unknown {
  if (jsonDepthExceeds(text, LIMITS.bodyMaxDepth)) throw new AppError("body_too_deep");
  let value: unknown;
  try {
    value = JSON.parse(text, (key, child: unknown) => {
      if (key === "__proto__") throw new AppError("invalid_parameters");
      return child;
    });
  } catch {
    throw new AppError("invalid_parameters");
  }
  guardInput(value);
  return value;
}

export const inputGuard = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, parseGuardedJson(text));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
  app.addHook("preValidation", async (request) => {
    guardInput(request.query, "_");
    guardInput(request.params, "_");
  });
});
