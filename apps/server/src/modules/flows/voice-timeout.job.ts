import { VoiceWaitTimeoutJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import type { VoiceRunState } from "../../platform/db/schema.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import * as repo from "./flows.repo.ts";

/** The side that drives a company's calls on its PBX (the ARI session owning the connection, in one process). */
export interface VoiceDriver {
  /** A wait of a call's run is over: a menu heard no key, or a prompt's or voicemail's finish event never came. */
  waitExpired(caller: string, awaiting: VoiceRunState["awaiting"], waitSeq: number): Promise<void>;
}
const drivers = new Map<number, VoiceDriver>();

export function registerVoiceDriver(companyId: number, driver: VoiceDriver) {
  drivers.set(companyId, driver);
  return () => {
    if (drivers.get(companyId) === driver) drivers.delete(companyId);
  };
}

/** Raised while no process here drives the company's PBX: the job is tried again, reaching the owner once it runs here. */
class NoVoiceDriver extends Error {}

/**
 * A call operator's wait timed out. Only the process that owns the company's ARI connection can act on the
 * call, so the job hands the expiry to it; a wait already answered (another wait number) does nothing.
 */
export const voiceWaitTimeoutJob = defineJob<VoiceWaitTimeoutJobPayload, AppContext>({
  id: "flows.voice_wait_timeout",
  payload: VoiceWaitTimeoutJobPayload,
  maxAttempts: 5,
  async handler(ctx, payload) {
    const run = await repo.findRun(ctx.db, payload.company_id, payload.run_id);
    if (!run?.voice || run.status !== "waiting" || run.waitSeq !== payload.wait_seq) return;
    const driver = drivers.get(payload.company_id);
    if (!driver) throw new NoVoiceDriver(`no ARI session for company ${payload.company_id} in this process`);
    await driver.waitExpired(run.voice.caller, run.voice.awaiting, run.waitSeq);
  },
});

/** Added in the transaction that starts the wait. */
export function addVoiceWaitTimeout(ctx: AppContext, tx: Executor, payload: VoiceWaitTimeoutJobPayload, runAt: Date) {
  return ctx.jobs.add(tx, voiceWaitTimeoutJob, payload, { runAt, key: `voice_wait:${payload.run_id}:${payload.wait_seq}` });
}
