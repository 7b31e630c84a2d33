import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";

const dialect = new PgDialect();

interface PreparedStatement {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
}

/**
 * Statements by name, per connection pool or pooled connection: one process may hold several apps
 * (tests), whose statements of one name may differ in text (their job schemas).
 */
const statementsByClient = new WeakMap<object, Map<string, PreparedStatement>>();

/**
 * Runs a hot statement as a named prepared statement. Its text is built once (`build` runs on the first
 * call of a name, with `sql.placeholder`s where the values go), PostgreSQL parses and plans it once per
 * connection, and each call only fills in `values`: no SQL is assembled per message.
 */
export async function executeNamed<Row>(db: Executor, name: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
  const session = db._.session;
  // The pool, or the connection a transaction holds: the driver's own client, which drizzle does not type.
  const client = (session as unknown as { client: object }).client;
  let statements = statementsByClient.get(client);
  if (!statements) {
    statements = new Map();
    statementsByClient.set(client, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    const query: Query = dialect.sqlToQuery(build());
    statement = session.prepareQuery<{ execute: { rows: unknown[] }; all: unknown; values: unknown }>(query, undefined, name, false);
    statements.set(name, statement);
  }
  return (await statement.execute(values)).rows as Row[];
}
