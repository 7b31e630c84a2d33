import type { z } from "zod";
import type { EndpointSchema, HttpMethod } from "./define.ts";
import type { Endpoints } from "./index.ts";

/** Type-level views of the endpoint table for the web client; this file has no runtime code, so importing its types pulls no zod. */
export type EndpointName = keyof Endpoints;
/** The paths (with `:params`) that answer a method, e.g. `PathsOf<"GET">`. */
export type PathsOf<M extends HttpMethod> = EndpointName extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
type SchemaOf<M extends HttpMethod, P extends string> = `${M} ${P}` extends EndpointName ? Endpoints[`${M} ${P}`] : never;

type Field<S, F extends keyof EndpointSchema> = S extends { readonly [K in F]: infer Z extends z.ZodType } ? Z : never;
type SuccessSchema<S> = S extends { readonly response: infer R }
  ? R extends { readonly 200: infer Z extends z.ZodType }
    ? Z
    : R extends { readonly 201: infer Z extends z.ZodType }
      ? Z
      : never
  : never;

type QueryValue = string | number | boolean | null | undefined;
/** A path parameter; a missing one (null, undefined) makes the client throw before sending, for queries held back by `enabled`. */
type ParamValue = string | number | null | undefined;
/** A query as the browser sends it: the route's parsed fields, each may be left out or null (not sent). */
type QueryInput<Z extends z.ZodType> = { [K in keyof z.output<Z>]?: (z.output<Z>[K] extends QueryValue ? z.output<Z>[K] : string) | null };

/** What a call to the endpoint gives: `params` (the path's `:names`), `query` and `body`, each only where the route has it. */
export type EndpointInput<M extends HttpMethod, P extends string> = ([Field<SchemaOf<M, P>, "params">] extends [never]
  ? { params?: undefined }
  : { params: { [K in keyof z.output<Field<SchemaOf<M, P>, "params">>]: ParamValue } }) &
  ([Field<SchemaOf<M, P>, "querystring">] extends [never] ? { query?: undefined } : { query?: QueryInput<Field<SchemaOf<M, P>, "querystring">> }) &
  ([Field<SchemaOf<M, P>, "body">] extends [never] ? { body?: undefined } : { body: z.input<Field<SchemaOf<M, P>, "body">> });

/** The success response's shape (200, else 201) as the server serialises it; `unknown` when the route declares none. */
export type EndpointResponse<M extends HttpMethod, P extends string> = [SuccessSchema<SchemaOf<M, P>>] extends [never]
  ? unknown
  : z.output<SuccessSchema<SchemaOf<M, P>>>;
