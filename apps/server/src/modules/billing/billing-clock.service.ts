import type { AppContext } from "../../context.ts";
import type { Config } from "../../platform/config.ts";
import type { Executor } from "../../platform/db/client.ts";
import * as settingsRepo from "./billing-settings.repo.ts";

/** The test-only clock exists only on test installations (the configuration refuses BILLING_TEST_CLOCK otherwise). */
export const testClockEnabled = (config: Config) => config.BILLING_TEST_CLOCK && config.NODE_ENV === "test";

/**
 * The time billing acts at for a company: real time, or on a test installation the company's test clock (real time
 * moved by the offset its last `POST /api/admin/test/billing-cycle` set), so every date billing writes for the company
 * (created, paid, activated, ended, cancelled) comes from one clock and none precedes another it follows.
 */
export async function billingNow(ctx: Pick<AppContext, "config" | "db">, companyId: number, db: Executor = ctx.db): Promise<Date> {
  if (!testClockEnabled(ctx.config)) return new Date();
  return new Date(Date.now() + (await settingsRepo.testClockOffset(db, companyId)));
}

/** Test installations only: from now on the company's billing clock reads `at`, and runs on from there. */
export async function setTestClock(ctx: Pick<AppContext, "config" | "db">, companyId: number, at: Date) {
  if (!testClockEnabled(ctx.config)) throw new Error("the billing test clock is off");
  await settingsRepo.setTestClockOffset(ctx.db, companyId, at.getTime() - Date.now());
}

/** Companies with a test clock (none outside test installations): the hourly cycle runs each at its own time. */
export async function testClocks(ctx: Pick<AppContext, "config" | "db">): Promise<Array<{ companyId: number; now: Date }>> {
  if (!testClockEnabled(ctx.config)) return [];
  const rows = await settingsRepo.listTestClocks(ctx.db);
  return rows.map((row) => ({ companyId: row.companyId, now: new Date(Date.now() + row.offsetMs) }));
}
