import type { CallCenterSettingsInput, CallCenterSettingsView } from "@holboo/core";
import { CALL_CENTER_DEFAULTS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as repo from "./calls.repo.ts";

/** The company's call-center settings (the defaults until saved). */
export async function callCenterSettings(ctx: AppContext, companyId: number): Promise<CallCenterSettingsView> {
  const row = await repo.findSettings(ctx.db, companyId);
  if (!row) return { ...CALL_CENTER_DEFAULTS };
  return {
    ring_seconds: row.ringSeconds,
    after_call_seconds: row.afterCallSeconds,
    record_calls: row.recordCalls,
    answered_within_seconds: row.answeredWithinSeconds,
  };
}

/** Saves them; the PBX session reads them on its next ring or answer, so nothing restarts. */
export async function saveCallCenterSettings(ctx: AppContext, actor: MemberActor, input: CallCenterSettingsInput) {
  const before = await callCenterSettings(ctx, actor.companyId);
  await ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, {
      companyId: actor.companyId,
      ringSeconds: input.ring_seconds,
      afterCallSeconds: input.after_call_seconds,
      recordCalls: input.record_calls,
      answeredWithinSeconds: input.answered_within_seconds,
    });
    await recordAudit(tx, actor, { action: "channel.update", targetType: "company", targetId: actor.companyId, before, after: input });
  });
}
