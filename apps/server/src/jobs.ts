import { voiceWaitTimeoutJob } from "./modules/flows/voice-timeout.job.ts";
import type { AppContext } from "./context.ts";
import type { JobDefinition, ScheduledJob } from "./platform/jobs/job.ts";
import { subscriberJobs } from "./platform/events/bus.ts";
import { SUBSCRIBERS } from "./subscribers.ts";
import { jobQueueCleanupJob, purgeExpiredJob } from "./platform/jobs/housekeeping.job.ts";
import { mailJob } from "./platform/mail/mail.job.ts";
import { rateLimitPurgeJob } from "./platform/rate-limit/purge.job.ts";
import { presenceExpiryJob } from "./modules/presence/presence.job.ts";
import { channelEventJob } from "./channels/receive-event.job.ts";
import { inboundMediaJob } from "./channels/inbound-media.job.ts";
import { emailDraftJob } from "./channels/email/draft.job.ts";
import { emailImportJob } from "./channels/email/import.job.ts";
import { emailInboundJob } from "./channels/email/inbound.job.ts";
import { articlePairsJob } from "./modules/knowledge/article-pairs.job.ts";
import { flowWaitTimeoutJob } from "./modules/flows/flow-timeout.job.ts";
import { dashboardFoldJob, dashboardRebuildJob } from "./modules/dashboard/rollup.job.ts";
import { billingCycleJob } from "./modules/billing/billing.job.ts";
import { qpayCheckJob } from "./modules/billing/qpay.job.ts";
import { ctiEventJob } from "./channels/cti/cti-event.job.ts";
import { ctiEventPurgeJob } from "./channels/cti/cti-purge.job.ts";
import { voicemailFetchJob } from "./channels/asterisk/voicemail-fetch.job.ts";

/** Every kind of background job the server runs (a worker process runs them all), the event subscribers' included. */
export const JOBS: ReadonlyArray<JobDefinition<unknown, AppContext>> = [
  mailJob,
  channelEventJob,
  inboundMediaJob,
  emailInboundJob,
  emailImportJob,
  emailDraftJob,
  articlePairsJob,
  flowWaitTimeoutJob,
  voiceWaitTimeoutJob,
  purgeExpiredJob,
  jobQueueCleanupJob,
  presenceExpiryJob,
  rateLimitPurgeJob,
  dashboardFoldJob,
  dashboardRebuildJob,
  billingCycleJob,
  qpayCheckJob,
  ctiEventJob,
  ctiEventPurgeJob,
  voicemailFetchJob,
  // The durable subscribers of domain events, each a job of its own.
  ...subscriberJobs(SUBSCRIBERS),
];

/** Recurring jobs, as cron lines in UTC. */
export const SCHEDULES: ReadonlyArray<ScheduledJob<AppContext>> = [
  { cron: "* * * * *", job: presenceExpiryJob },
  { cron: "*/10 * * * *", job: rateLimitPurgeJob },
  { cron: "17 * * * *", job: purgeExpiredJob },
  { cron: "41 3 * * *", job: jobQueueCleanupJob },
  { cron: "* * * * *", job: dashboardFoldJob },
  { cron: "5 * * * *", job: billingCycleJob },
  { cron: "29 * * * *", job: ctiEventPurgeJob },
];
