import { CALL_CENTER_DEFAULTS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import * as repo from "./calls.repo.ts";

export type { StaffedExtension } from "./calls.repo.ts";

/**
 * Who is rung for calls — the ring rule, kept here and in the one statement it reads (`staffedExtensions`), so that
 * later availability statuses add a condition there and nowhere else. An extension is staffed when its person is
 * signed in for calls: active and online (not away, not offline, presence not expired). A staffed extension is
 * available when it is not on a call, not ringing (for another caller, or for its person's own click-to-call), and
 * its after-call work (the company's `after_call_seconds` since its last finished call) is over. Available ones are
 * offered longest idle first, each for the company's `ring_seconds`.
 *
 * `ringing`: the extensions the PBX session is ringing now (it alone knows, and it asks before every ring).
 */
export function staffedExtensions(ctx: AppContext, companyId: number, ringing: Iterable<string>) {
  return repo.staffedExtensions(ctx.db, companyId, [...ringing], {
    ringSeconds: CALL_CENTER_DEFAULTS.ring_seconds,
    afterCallSeconds: CALL_CENTER_DEFAULTS.after_call_seconds,
  });
}

/** Whether the extension already talks on another call: a second answer is refused (the phone took a second line). */
export const extensionTalking = (ctx: AppContext, companyId: number, extension: string, exceptCallId: number) =>
  repo.extensionTalking(ctx.db, companyId, extension, exceptCallId);
