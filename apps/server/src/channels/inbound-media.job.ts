import { InboundMediaJobPayload } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { defineJob } from "../platform/jobs/job.ts";
import { changeMessageContent } from "../modules/interactions/message-content.service.ts";
import { downloadInboundMedia, neverArrivedNote, type PendingMedia } from "./inbound-media.ts";

/** The message's text with the note's line replaced (or removed, with nothing in its place). */
const replaceLine = (text: string, note: string, by: string | null) =>
  text
    .split("\n")
    .flatMap((line) => (line === note ? (by === null ? [] : [by]) : [line]))
    .join("\n");

/**
 * A customer's file the provider did not hand over when its message came: the message was shown at
 * once with the link and a note, and this job downloads the file again, with growing pauses, until it
 * arrives; then the file replaces the note in the message (pushed to open screens as message.updated).
 * When every attempt failed the note says so, keeping the link. Done twice, it changes nothing.
 */
export const inboundMediaJob = defineJob<InboundMediaJobPayload, AppContext>({
  id: "channel.media",
  payload: InboundMediaJobPayload,
  // e^1 … e^9 seconds between tries: about three and a half hours in all.
  maxAttempts: 10,
  async handler(ctx, payload) {
    const fetched = await downloadInboundMedia(ctx, payload.company_id, payload.url, payload.name, "mn");
    if (!fetched) throw new Error(`media still not downloadable: ${payload.url}`);
    await changeMessageContent(ctx, payload.company_id, payload.message_id, (message) => {
      if (!message.text.split("\n").includes(payload.note)) return null;
      return "attachment" in fetched
        ? { text: replaceLine(message.text, payload.note, null), attachments: [...message.attachments, fetched.attachment] }
        : { text: replaceLine(message.text, payload.note, fetched.note), attachments: message.attachments };
    });
  },
  async onDead(ctx, payload) {
    await changeMessageContent(ctx, payload.company_id, payload.message_id, (message) =>
      message.text.split("\n").includes(payload.note)
        ? { text: replaceLine(message.text, payload.note, neverArrivedNote(payload.url, "mn")), attachments: message.attachments }
        : null,
    );
  },
});

/** Queues the download of a stored message's files that were still missing; a repeat replaces the waiting job. */
export async function addInboundMediaJobs(ctx: AppContext, companyId: number, messageId: number, pending: PendingMedia[]) {
  for (const [index, media] of pending.entries()) {
    await ctx.jobs.add(
      ctx.db,
      inboundMediaJob,
      { company_id: companyId, message_id: messageId, url: media.url, name: media.name, note: media.note },
      { key: `channel.media:${companyId}:${messageId}:${index}` },
    );
  }
}
