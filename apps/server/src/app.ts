import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { LIMITS } from "@holboo/core";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext, AppDeps } from "./context.ts";
import { Realtime } from "./platform/realtime/realtime.ts";
import { JobQueue } from "./platform/jobs/queue.ts";
import { startJobRunner } from "./platform/jobs/runner.ts";
import { JOBS, SCHEDULES } from "./jobs.ts";
import { SUBSCRIBERS } from "./subscribers.ts";
import { PBX_DRIVERS } from "./pbx-drivers.ts";
import { buildMe } from "./read-models/me.ts";
import { DomainEvents } from "./platform/events/bus.ts";
import { createFanOut } from "./platform/realtime/fan-out.ts";
import { Signals } from "./platform/signals.ts";
import { connectRedis } from "./platform/redis.ts";
import { postgresCounters, redisCounters } from "./platform/rate-limit/counters.ts";
import { SharedLimits } from "./platform/rate-limit/limits.ts";
import { requestContext } from "./platform/http/context.ts";
import { inputGuard } from "./platform/http/input-guard.ts";
import { registerSecurityHeaders } from "./platform/http/security-headers.ts";
import { handleError } from "./platform/http/errors.ts";
import { registerCompression } from "./platform/http/compression.ts";
import { registerWebApp } from "./platform/http/web-app.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { companiesRoutes } from "./modules/companies/companies.routes.ts";
import { mailDomainsRoutes } from "./modules/companies/mail-domains.routes.ts";
import { onboardingRoutes } from "./modules/onboarding/onboarding.routes.ts";
import { outboxRoutes } from "./modules/outbox/outbox.routes.ts";
import { rolesRoutes } from "./modules/roles/roles.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { twoFactorRoutes } from "./modules/two-factor/two-factor.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { callsRoutes } from "./modules/calls/calls.routes.ts";
import { channelsRoutes } from "./channels/channels.routes.ts";
import { interactionTagsRoutes } from "./modules/interaction-tags/interaction-tags.routes.ts";
import { agentsRoutes } from "./modules/agents/agents.routes.ts";
import { savedResponsesRoutes } from "./modules/saved-responses/saved-responses.routes.ts";
import { helpRoutes } from "./modules/help/help.routes.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { issueSettingsRoutes } from "./modules/issues/issue-settings.routes.ts";
import { issuesRoutes } from "./modules/issues/issues.routes.ts";
import { modelProviderRoutes } from "./modules/answers/model-provider.routes.ts";
import { draftReplyRoutes } from "./modules/answers/draft-reply.routes.ts";
import { interactionsRoutes } from "./modules/interactions/interactions.routes.ts";
import { ratingRoutes } from "./modules/interactions/rating.routes.ts";
import { contactsRoutes } from "./modules/contacts/contacts.routes.ts";
import { contactTypesRoutes } from "./modules/contacts/contact-types.routes.ts";
import { registerPresenceHandlers } from "./modules/presence/presence.socket.ts";
import { HEARTBEAT_MS, heartbeat } from "./modules/presence/presence.service.ts";
import type { PeriodicTask } from "./platform/periodic.ts";
import { registerStaffTypingHandlers } from "./modules/interactions/typing.socket.ts";
import { registerChannels } from "./channels/registry.ts";
import { KnowledgeHub } from "./modules/knowledge/knowledge.source.ts";
import { AnswerEngine } from "./modules/answers/answers.engine.ts";
import { storedVectors } from "./modules/answers/sentence-vectors.repo.ts";
import { providerConfig, providerFetchPolicy, sealPlainKeys } from "./modules/answers/model-provider.service.ts";
import { knowledgeRoutes } from "./modules/knowledge/knowledge.routes.ts";
import { qaRoutes } from "./modules/knowledge/qa.routes.ts";
import { importRoutes } from "./modules/knowledge/import.routes.ts";
import { FlowQuestions } from "./modules/flows/flows.source.ts";
import { flowsRoutes } from "./modules/flows/flows.routes.ts";
import { voicePromptsRoutes } from "./modules/flows/voice-prompts.routes.ts";
import { voiceFlows } from "./modules/flows/voice-flows.service.ts";
import { channelDelivery } from "./channels/adapters.service.ts";
import { customApiRoutes } from "./modules/custom-api/custom-api.routes.ts";

export type App = FastifyInstance;
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === "silent" ? false : { level: deps.config.LOG_LEVEL },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: LIMITS.attachmentBytes * 2,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  const realtime = new Realtime({
    db: deps.db,
    platformAdminEmails: deps.config.PLATFORM_ADMIN_EMAILS,
    allowedOrigins: [new URL(deps.config.PUBLIC_URL).origin],
    trustProxy: deps.config.TRUST_PROXY,
  });
  const warn = (what: string) => (error: unknown) => app.log.warn({ err: error }, what);
  const redis = deps.config.REDIS_URL ? await connectRedis(deps.config.REDIS_URL, warn("redis failed")) : null;
  const fanOut = createFanOut({ databaseUrl: deps.databaseUrl, redis, onError: warn("realtime fan-out between processes failed") });
  realtime.attach(app.server, fanOut);
  const limits = new SharedLimits(redis ? redisCounters(redis) : postgresCounters(deps.db), warn("shared rate-limit counters failed"), {
    scope: deps.limitsScope,
  });
  app.addHook("onClose", async () => {
    await realtime.close();
    await fanOut.close();
    await limits.close();
    await redis?.quit().catch(() => undefined);
  });
  // Model provider keys saved before they were sealed are sealed now (docs/decisions/0016-model-provider-calls.md).
  await sealPlainKeys(deps.db, deps.secrets);
  const signals = new Signals(deps.databaseUrl, deps.db, warn("signals between processes failed"));
  const knowledge = new KnowledgeHub(deps.db, signals);
  const flowQuestions = new FlowQuestions(deps.db, signals);
  realtime.listenForClosedCompanies(signals);
  await signals.start();
  app.addHook("onClose", () => signals.close());
  const answers = new AnswerEngine(knowledge, {
    provider: (companyId) => providerConfig(deps.db, deps.secrets, companyId),
    onProviderError: (companyId, error) => app.log.warn({ err: error, companyId }, "model provider failed; answering offline"),
    onEncoderError: (error) => app.log.warn({ err: error }, "sentence encoder or its stored vectors failed"),
    storedVectors: (companyId, agentId, encoder) => storedVectors(deps.db, companyId, agentId, encoder),
    memoryBudgetBytes: deps.config.ANSWER_INDEX_MEMORY_MB * 1024 * 1024,
    providerPolicy: providerFetchPolicy(deps.config.MODEL_PROVIDER_ALLOW_PRIVATE),
  });
  app.addHook("onClose", () => answers.close());
  // Words only: training phrases are short and mostly Mongolian, and matching stays within the turn's budget.
  const flowMatcher = new AnswerEngine(flowQuestions, { encoder: null });
  app.addHook("onClose", () => flowMatcher.close());
  const jobs = new JobQueue(deps.config.JOBS_SCHEMA);
  const events = new DomainEvents<AppContext>(jobs, SUBSCRIBERS, (subscriber, error) =>
    app.log.warn({ err: error, subscriber }, "an afterCommit subscriber failed"),
  );
  const ctx: AppContext = {
    ...deps,
    realtime,
    jobs,
    events,
    knowledge,
    answers,
    flowQuestions,
    flowMatcher,
    pbxDrivers: PBX_DRIVERS,
    voiceFlows,
    channelDelivery,
    limits,
    me: (userId) => buildMe(ctx, userId),
    log: app.log,
  };
  events.bind(ctx);
  app.decorate("knowledge", ctx.knowledge);
  app.decorate("answers", ctx.answers);
  app.decorate("events", ctx.events);

  await registerSecurityHeaders(app, deps.config.PUBLIC_URL);
  await registerCompression(app);
  await app.register(cookie);
  // Counted with the other processes; when the store fails, a request is let through rather than refused.
  await app.register(rateLimit, { global: false, store: limits.httpStore, skipOnError: true });
  await app.register(multipart, { limits: { fileSize: LIMITS.attachmentBytes, files: 1, fields: 10 } });
  // Before the session check: hostile text is refused whoever sends it.
  await app.register(inputGuard);
  await app.register(requestContext, { db: ctx.db, platformAdminEmails: ctx.config.PLATFORM_ADMIN_EMAILS });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const register of [
    systemRoutes,
    authRoutes,
    onboardingRoutes,
    companiesRoutes,
    mailDomainsRoutes,
    usersRoutes,
    rolesRoutes,
    outboxRoutes,
    adminRoutes,
    channelsRoutes,
    savedResponsesRoutes,
    agentsRoutes,
    interactionTagsRoutes,
    interactionsRoutes,
    ratingRoutes,
    knowledgeRoutes,
    qaRoutes,
    importRoutes,
    modelProviderRoutes,
    draftReplyRoutes,
    flowsRoutes,
    voicePromptsRoutes,
    customApiRoutes,
    contactsRoutes,
    contactTypesRoutes,
    issueSettingsRoutes,
    issuesRoutes,
    helpRoutes,
    dashboardRoutes,
    billingRoutes,
    twoFactorRoutes,
    auditRoutes,
    callsRoutes,
  ]) {
    register(typed, ctx);
  }
  registerPresenceHandlers(ctx);
  registerStaffTypingHandlers(ctx);
  registerChannels(typed, ctx);
  // Each process keeps its own sockets' people present; the expiry sweep and counter purge are scheduled jobs.
  const periodic: PeriodicTask[] = [{ name: "presence heartbeat", everyMs: HEARTBEAT_MS, run: () => heartbeat(ctx) }];
  app.decorate("periodic", periodic);

  if (deps.config.HOLBOO_ROLE !== "web") {
    const runner = await startJobRunner({
      pool: deps.pool,
      db: deps.db,
      schema: deps.config.JOBS_SCHEMA,
      ctx,
      jobs: JOBS,
      schedules: SCHEDULES,
      concurrency: deps.config.JOB_CONCURRENCY,
      log: app.log,
    });
    // Before the sockets and the database go: running jobs finish (or are handed back) first.
    app.addHook("preClose", () => runner.stop());
  }

  const webDist = ctx.config.WEB_DIST_DIR ? path.resolve(ctx.config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  await registerWebApp(app, webDist);
  return app;
}
