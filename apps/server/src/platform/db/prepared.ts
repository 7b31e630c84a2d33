import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement, so PostgreSQL parses and plans it once per
 * connection instead of on every call. Every call of one name must build the same text (only the
 * values may differ); the driver refuses a name reused for another text.
 */
export async function executeNamed<Row>(db: Executor, name: string, query: SQL): Promise<Row[]> {
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(dialect.sqlToQuery(query), undefined, name, false);
  return (await prepared.execute()).rows;
}
