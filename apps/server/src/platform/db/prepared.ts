import { is, Param, Placeholder, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Executor } from "./client.ts";

const dialect = new PgDialect();

/** The part of a pool or pooled connection a statement runs on (drizzle does not type its session's client). */
interface Queryable {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/** A statement's text, and where each of its parameters comes from: a placeholder's name, or a value fixed in the text. */
interface PreparedStatement {
  config: Omit<pg.QueryConfig, "values">;
  params: Array<{ placeholder: string; encode: (value: unknown) => unknown } | { fixed: unknown }>;
}

/**
 * Timestamps and intervals come back as PostgreSQL's text, as drizzle reads them (its columns map them),
 * every other type as pg parses it. One object for every statement: pg asks it for each column's parser.
 */
const RAW_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const types = {
  getTypeParser: (typeId: number, format?: "text" | "binary") => (RAW_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format)),
} as pg.CustomTypesConfig;

/**
 * Statements by name, per connection pool or pooled connection: one process may hold several apps
 * (tests), whose statements of one name may differ in text (their job schemas).
 */
const statementsByClient = new WeakMap<object, Map<string, PreparedStatement>>();

function prepare(name: string, build: () => SQL): PreparedStatement {
  const query: Query = dialect.sqlToQuery(build());
  return {
    config: { name, text: query.sql, types },
    // As drizzle fills them: a bare placeholder's value as given, a typed one's through its column's encoder.
    params: query.params.map((param) => {
      if (is(param, Placeholder)) return { placeholder: param.name, encode: (value: unknown) => value };
      if (is(param, Param) && is(param.value, Placeholder))
        return { placeholder: param.value.name, encode: (value: unknown) => param.encoder.mapToDriverValue(value) };
      return { fixed: param };
    }),
  };
}

/**
 * Runs a hot statement as a named prepared statement. Its text is built once (`build` runs on the first
 * call of a name, with `sql.placeholder`s where the values go), PostgreSQL parses and plans it once per
 * connection, and each call only fills in `values`: no SQL is assembled per message. It goes to the pg
 * client directly: drizzle's prepared query adds tracing spans, a logger and a cache lookup per call
 * that this statement does not use.
 */
export async function executeNamed<Row>(db: Executor, name: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
  // The pool, or the connection a transaction holds: the driver's own client.
  const client = (db._.session as unknown as { client: Queryable }).client;
  let statements = statementsByClient.get(client);
  if (!statements) {
    statements = new Map();
    statementsByClient.set(client, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    statement = prepare(name, build);
    statements.set(name, statement);
  }
  const params = statement.params.map((param) => {
    if (!("placeholder" in param)) return param.fixed;
    if (!(param.placeholder in values)) throw new Error(`No value for placeholder "${param.placeholder}" in statement ${name}`);
    return param.encode(values[param.placeholder]);
  });
  const result = await client.query({ ...statement.config, values: params });
  return result.rows as Row[];
}
