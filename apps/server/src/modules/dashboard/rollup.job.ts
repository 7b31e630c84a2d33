import { DashboardRebuildJobPayload, NoJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { fold, rebuild } from "./rollup.repo.ts";

/** How soon the fold runs again after a run: the rollups' delay behind a new event. */
export const FOLD_INTERVAL_MS = 3000;
const FOLD_KEY = "dashboard.fold";

/**
 * Folds new interaction events into the dashboard rollups, then adds itself again a few seconds later
 * (one waiting job, by key). The schedule adds it every minute too, so a lost chain restarts. It reads
 * the events after commit, from their table: nothing is added to the customer's message statement.
 */
export const dashboardFoldJob = defineJob<object, AppContext>({
  id: FOLD_KEY,
  payload: NoJobPayload,
  maxAttempts: 3,
  async handler(ctx, _payload, run) {
    await fold(ctx.db, new Date());
    if (!run.signal.aborted) await ctx.jobs.add(ctx.db, dashboardFoldJob, {}, { key: FOLD_KEY, runAt: new Date(Date.now() + FOLD_INTERVAL_MS) });
  },
});

/** Rebuilds a company's rollups for a period from the interactions and their events. */
export const dashboardRebuildJob = defineJob<DashboardRebuildJobPayload, AppContext>({
  id: "dashboard.rebuild",
  payload: DashboardRebuildJobPayload,
  async handler(ctx, payload) {
    await rebuild(ctx.db, payload.company_id, { fromDay: payload.from_day, toDay: payload.to_day }, new Date());
  },
});
