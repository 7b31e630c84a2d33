import type { z } from "zod";

/**
 * One HTTP endpoint: its key is "METHOD /path/:param", its value the route's Fastify schema (zod).
 * The server registers the route with this very object and the web app reads only its types, so neither
 * can drift from the other (`apps/server/test/endpoints.test.ts` checks every /api route has one).
 */
export interface EndpointSchema {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: { readonly [status: number]: z.ZodType };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
export type EndpointKey = `${HttpMethod} /${string}`;
export type EndpointTable = Readonly<Record<EndpointKey, EndpointSchema>>;
