import type { ClickToCallInput } from "@holboo/core";
import { normalizePhone } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { newToken } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import { applyCallEvent, pushCall } from "./call-state.service.ts";
import * as repo from "./calls.repo.ts";
import { pbxDriverOf } from "./pbx-driver.ts";

/**
 * Click-to-call (needs call.make and an extension): the call is recorded first — outbound, on the chosen
 * line or the company's first, waiting while the person's phone rings, the clicking person as the one who
 * handles it — with the job that puts it into the customer's phone conversation (given to that person) in
 * the same transaction. Then the PBX rings the person, then the customer, on a channel id Holboo chose, so
 * the connection's session follows it (outbound-call.ts). A failed originate leaves a cancelled call, never
 * one waiting forever, and answers `call_failed`.
 */
export async function clickToCall(ctx: AppContext, actor: MemberActor, input: ClickToCallInput) {
  const connection = await repo.findConnection(ctx.db, actor.companyId);
  const driver = connection && pbxDriverOf(ctx, connection.kind);
  if (!connection || !driver?.outboundCallId || !driver.placeCall) return fail("pbx_not_connected");
  const extension = (await repo.extensionOfUser(ctx.db, actor.companyId, actor.userId)) ?? fail("extension_required");
  const line = input.line_id
    ? ((await repo.findLine(ctx.db, actor.companyId, input.line_id)) ?? fail("call_line_not_found", { line_id: "call_line_not_found" }))
    : ((await repo.listLines(ctx.db, actor.companyId))[0] ?? null);
  const number = normalizePhone(input.number);
  const leg = driver.outboundCallId(extension, newToken(8));
  const call = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertCall(tx, {
      companyId: actor.companyId,
      connectionId: connection.id,
      providerCallId: leg,
      number,
      lineId: line?.id ?? null,
      extension,
      direction: "out",
      status: "waiting",
      startedAt: new Date(),
      answeredByUserId: actor.userId,
    });
    if (!row) return fail("call_failed");
    await ctx.events.record(tx, "call.started", { company_id: row.companyId, call_id: row.id });
    return row;
  });
  await pushCall(ctx, call);
  await driver.placeCall(ctx, connection, { extension, number, callId: leg }).catch(async (error: unknown) => {
    await applyCallEvent(ctx, connection, {
      key: `failed:${leg}`,
      kind: "ended",
      cause: "cancel",
      providerCallId: leg,
      at: new Date(),
      direction: "out",
      number,
      lineNumber: line?.number ?? "",
    });
    throw error;
  });
  return { ok: true as const };
}
