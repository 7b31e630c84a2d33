import { ChannelEventJobPayload, type ChannelType } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { defineJob } from "../platform/jobs/job.ts";
import { findChannel } from "./channels.lookup.ts";
import type { ChannelRow } from "./channels.repo.ts";
import { adapterFor, type ProviderEvent } from "./adapter.ts";
import { findUnprocessedEvent, insertEventOnce, markEventProcessed } from "./provider-events.repo.ts";
import { acceptInbound } from "./resolve-contact.ts";
import { addInboundMediaJobs } from "./inbound-media.job.ts";

/**
 * Processes one stored provider event: its adapter normalises it and each customer message enters the
 * inbox (a message already stored under its provider id is not stored again), the download of files the
 * provider could not hand over yet is queued, then the event is marked done.
 */
export const channelEventJob = defineJob<ChannelEventJobPayload, AppContext>({
  id: "channel.event",
  payload: ChannelEventJobPayload,
  maxAttempts: 10,
  async handler(ctx, payload) {
    const event = await findUnprocessedEvent(ctx.db, payload.company_id, payload.event_id);
    if (!event) return;
    const channel = await findChannel(ctx.db, payload.company_id, event.channelId);
    const webhook = channel ? adapterFor(channel.type as ChannelType)?.webhook : null;
    if (channel && webhook) {
      const stored = [];
      for (const inbound of await webhook.normalise(event.payload, channel, ctx)) {
        const message = await acceptInbound(ctx, channel, { ...inbound, channelId: channel.id });
        // Before the event is marked done: a crash in between runs this job again, which queues them again.
        if (inbound.pendingMedia?.length) await addInboundMediaJobs(ctx, channel.companyId, message.id, inbound.pendingMedia);
        stored.push(message);
      }
      await webhook.apply?.(ctx, event.payload, channel, stored);
    }
    await markEventProcessed(ctx.db, payload.company_id, event.id);
  },
});

/**
 * Stores a webhook's events and adds their processing jobs in one transaction, before the provider is
 * answered: a redelivered event is stored once and processed once. Returns how many were new.
 */
export async function storeProviderEvents(ctx: AppContext, channel: ChannelRow, events: ProviderEvent[]): Promise<number> {
  if (!events.length) return 0;
  return ctx.db.transaction(async (tx) => {
    let stored = 0;
    for (const event of events) {
      const id = await insertEventOnce(tx, {
        companyId: channel.companyId,
        channelId: channel.id,
        providerEventId: event.providerEventId,
        payload: event.payload,
      });
      if (id === null) continue;
      stored += 1;
      await ctx.jobs.add(tx, channelEventJob, { company_id: channel.companyId, event_id: id }, { queue: `inbound:${channel.id}:${event.orderingKey}` });
    }
    return stored;
  });
}
