import { VoicemailFetchJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob, PermanentJobError } from "../../platform/jobs/job.ts";
import { applyCallEvent, findCallById, findConnectionById } from "../../modules/calls/call-state.service.ts";
import { AriClient } from "./ari.client.ts";
import { voicemailName } from "./ari.events.ts";

/**
 * A voicemail Asterisk stored (RecordingFinished) is fetched from `/recordings/stored/{name}/file` by this job, so a
 * PBX that does not answer at that moment loses nothing: the job is retried (e^attempt seconds apart, about an hour in
 * all) until the file is Holboo's and kept with the missed call. The call was made missed and handed to people when
 * the voicemail was reported; a retried job finds the recording kept and does nothing.
 */
export const voicemailFetchJob = defineJob<VoicemailFetchJobPayload, AppContext>({
  id: "calls.voicemail_fetch",
  payload: VoicemailFetchJobPayload,
  maxAttempts: 9,
  async handler(ctx, payload) {
    const call = await findCallById(ctx, payload.company_id, payload.call_id);
    if (!call || call.recordingUrl) return;
    const connection = await findConnectionById(ctx.db, call.connectionId);
    if (connection?.kind !== "asterisk_ari" || !connection.secrets) throw new PermanentJobError("the call's PBX connection is gone");
    const password = ctx.secrets.open<{ password?: string }>(connection.secrets).password ?? "";
    const client = new AriClient({ url: connection.url, username: connection.username, password, app: connection.appName }, ctx.config.PBX_ALLOW_PRIVATE);
    const data = await client.recordingFile(voicemailName(call.id));
    if (!data.length) throw new Error("the PBX gave an empty voicemail");
    const fileId = await ctx.voiceFlows.storeVoicemail(ctx, call.companyId, call.id, data);
    await applyCallEvent(ctx, connection, {
      key: `voicemail-file:${call.providerCallId}`,
      kind: "recorded",
      providerCallId: call.providerCallId,
      at: new Date(),
      direction: "in",
      number: call.number,
      lineNumber: "",
      recordingUrl: `/api/files/${fileId}`,
    });
  },
  async onDead(ctx, payload, error) {
    ctx.log.error({ err: error, call: payload.call_id }, "voicemail could not be fetched from the PBX");
  },
});

/** Added when the PBX reports the voicemail stored (once per call: the job's key). */
export function addVoicemailFetchJob(ctx: AppContext, payload: VoicemailFetchJobPayload) {
  return ctx.jobs.add(ctx.db, voicemailFetchJob, payload, { key: `voicemail_fetch:${payload.call_id}` });
}
