import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { connectDatabase } from "./client.ts";
import { executeNamed } from "./prepared.ts";

describe("named prepared statements", () => {
  const database = connectDatabase(inject("databaseUrl"), 2);
  afterAll(() => database.close());
  const statement = () =>
    sql`SELECT ${sql.placeholder("n")}::integer + 1 AS next, ${sql.placeholder("at")}::timestamptz AS at, ${"fixed"}::text AS fixed, ${sql.placeholder("doc")}::jsonb AS doc, 5::bigint AS big`;

  it("fills each call's values into the statement built once, on the pool and inside a transaction", async () => {
    type Row = { next: number; at: string; fixed: string; doc: unknown; big: string };
    const values = (n: number) => ({ n, at: "2026-01-02T03:04:05.000Z", doc: JSON.stringify({ n }) });
    const first = await executeNamed<Row>(database.db, "prepared_test_next", statement, values(1));
    const second = await executeNamed<Row>(database.db, "prepared_test_next", () => sql`SELECT 'never built'`, values(41));
    const inTransaction = await database.db.transaction((tx) => executeNamed<Row>(tx, "prepared_test_next", statement, values(9)));
    expect(first).toEqual([{ next: 2, at: expect.any(String), fixed: "fixed", doc: { n: 1 }, big: "5" }]);
    // Timestamps come back as PostgreSQL's text, as drizzle's columns expect to map them.
    expect(new Date(first[0]?.at ?? "").toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(second[0]?.next).toBe(42);
    expect(inTransaction[0]?.doc).toEqual({ n: 9 });
  });

  it("refuses a call that leaves a placeholder without a value", async () => {
    await expect(executeNamed(database.db, "prepared_test_missing", statement, { n: 1, doc: "{}" })).rejects.toThrow(/placeholder "at"/);
  });
});
