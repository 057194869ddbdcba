import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PROFILE_IMAGE_MAX_BYTES } from '@teamboard/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { authorizeProject, registerProjectAccess, registerRoutePolicies } from './access/access.js';
import type { AppCore } from './app-core.js';
import { findBoardVersion } from './board-content/board-content.js';
import type { Config } from './config.js';
import type { AppDatabase } from './db/app-database.js';
import { activityFeature } from './features/activity/activity.feature.js';
import { attachmentsFeature } from './features/attachments/attachments.feature.js';
import { authFeature } from './features/auth/auth.feature.js';
import type { AuthService } from './features/auth/auth.service.js';
import { boardsFeature } from './features/boards/boards.feature.js';
import { checklistsFeature } from './features/checklists/checklists.feature.js';
import { codeHostingFeature } from './features/code-hosting/code-hosting.feature.js';
import { commentsFeature } from './features/comments/comments.feature.js';
import { foldersFeature } from './features/folders/folders.feature.js';
import { healthFeature } from './features/health/health.feature.js';
import { observabilityFeature } from './features/observability/observability.feature.js';
import { hoursFeature } from './features/hours/hours.feature.js';
import { invitationsFeature } from './features/invitations/invitations.feature.js';
import { labelsFeature } from './features/labels/labels.feature.js';
import { membersFeature } from './features/members/members.feature.js';
import { lessonsFeature } from './features/lessons/lessons.feature.js';
import { milestonesFeature } from './features/milestones/milestones.feature.js';
import { oidcFeature } from './features/oidc/oidc.feature.js';
import { profileFeature } from './features/profile/profile.feature.js';
import { projectsFeature } from './features/projects/projects.feature.js';
import { reportsFeature } from './features/reports/reports.feature.js';
import { standupsFeature } from './features/standups/standups.feature.js';
import { fairnessFeature } from './features/fairness/fairness.feature.js';
import { courseOverviewFeature } from './features/course-overview/course-overview.feature.js';
import { milestoneSnapshotsFeature } from './features/milestone-snapshots/milestone-snapshots.feature.js';
import { hourSignalsFeature } from './features/hour-signals/hour-signals.feature.js';
import { evaluationsFeature } from './features/evaluations/evaluations.feature.js';
import { knowledgeFeature } from './features/knowledge/knowledge.feature.js';
import { courseTemplatesFeature } from './features/course-templates/course-templates.feature.js';
import { metricsFeature, registerActivityRecording } from './features/metrics/metrics.feature.js';
import { adminUsersFeature } from './features/admin-users/admin-users.feature.js';
import { assistantFeature } from './features/assistant/assistant.feature.js';
import { auditEventStore } from './features/admin-users/admin-users.service.js';
import { tasksFeature } from './features/tasks/tasks.feature.js';
import { termsFeature, termsGate } from './features/terms/terms.feature.js';
import type { TermsService } from './features/terms/terms.service.js';
import { AppError } from './lib/app-error.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer, type MailTransport } from './lib/mailer.js';
import { createAppJobQueue } from './job-queue/app-jobs.js';
import { QueuedMailer } from './job-queue/mail-job.js';
import { jobsFeature } from './features/jobs/jobs.feature.js';
import { createStorage } from './lib/create-storage.js';
import type { Storage } from './lib/storage.js';
import { MemoryThrottle, type Throttle } from './lib/throttle.js';
import { connectRedisThrottle } from './lib/redis-throttle.js';
import { writeAudit } from './lib/audit.js';
import { ProbeTally } from './lib/probe-tally.js';
import { loggerOptions, type LogStream } from './logger.js';
import { registerAudit } from './plugins/audit.js';
import { registerBenchCeiling } from './plugins/bench-ceiling.js';
import { frameworkErrorHandler, registerErrorHandling, sendError } from './plugins/errors.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp, sendIndexHtml } from './plugins/web-app.js';
import { registerRequestContext } from './realtime/request-context.js';
import { createRealtime, type Realtime } from './realtime/socket-server.js';
import { avatarUrl } from './users/users.js';
import { VERSION } from './version.js';

export interface AppDeps {
  config: Config;
  /** createDatabase's object (db/app-database.ts); tests may pass one without its one-step writer. */
  database: AppDatabase;
  /** Defaults follow the config: SMTP or the outbox, S3_* or local disk, Redis (REDIS_URL) or in-memory counters, the system clock. */
  mailer?: MailTransport;
  storage?: Storage;
  throttle?: Throttle;
  clock?: Clock;
  logStream?: LogStream;
}

const JSON_BODY_LIMIT = 1024 * 1024;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** fastify types its factories by its own (ajv, fast-json-stringify) compilers; it calls them the same way. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const securityHeaderOptions = { isProduction: config.nodeEnv === 'production' };
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // docs/spec.md §7 clients name some paths with a trailing slash (`POST /api/auth/`): same route.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler(securityHeaderOptions),
    // The zod compilers from the start, as setValidatorCompiler/setSerializerCompiler would install
    // them: given later, fastify would first load its own (ajv three times over and
    // fast-json-stringify, ~2.5 MB an idle server held and never used).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  const clock = deps.clock ?? systemClock;
  registerRequestContext(app, config.secretKey);
  registerErrorHandling(app);
  registerJsonBody(app);
  // The audit log goes to the log lines and to the audit_events table (the dashboard's Audit tab).
  const auditStore = auditEventStore(db);
  const probes = new ProbeTally(clock, (entry) => writeAudit(app.log, entry, auditStore));
  app.addHook('onClose', async () => probes.close());
  registerAudit(app, { clock, probes, store: auditStore });
  registerSecurityHeaders(app, securityHeaderOptions);
  // Before any route (the OpenAPI ones too): records every route's policy and authenticates by it.
  registerRoutePolicies(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await registerOpenApi(app, VERSION);

  const jobs = createAppJobQueue(app, { db, clock, pollMs: config.jobsPollMs });
  const transport =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      log: app.log,
    });
  const throttle = deps.throttle ?? (await createThrottle(app, config, clock));
  // Features queue their mail within its caps (docs/jobs.md); the job worker hands it to the transport.
  const mailer = new QueuedMailer(jobs, transport, config.secretKey, throttle, app.log);
  const realtime = await createAppRealtime(
    app,
    config,
    database,
    { auth: () => auth, terms: () => terms },
    probes,
  );
  const storage = deps.storage ?? (await createStorage(config));
  // Only the store made here is ours to close (its HTTP keep-alive sockets); a passed one is the caller's.
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  const core: AppCore = {
    config,
    database,
    db,
    clock,
    mailer,
    jobs,
    realtime,
    storage,
    throttle,
    log: app.log,
  };
  // After authentication, before any route: 403 until the current terms are accepted.
  const terms = termsGate(app, core);
  // After the terms gate: each signed-in user's active days, for the dashboard's metrics.
  registerActivityRecording(app, core);
  // Enforces the project permission every project-scoped route declares (resources register below).
  registerProjectAccess(app, database);
  registerIdempotency(app, { db, clock });

  // One line per feature; a feature registers its own resource kinds, policies and routes.
  await healthFeature(app, core);
  await observabilityFeature(app, core);
  const auth = await authFeature(app, core);
  await oidcFeature(app, core, auth);
  await profileFeature(app, core, auth);
  const folders = await foldersFeature(app, core);
  const files = await attachmentsFeature(app, core);
  const projects = await projectsFeature(app, core, { folders, files });
  await membersFeature(app, core);
  await invitationsFeature(app, core, { folders, projects });
  await activityFeature(app, core);
  await labelsFeature(app, core);
  await milestonesFeature(app, core);
  await boardsFeature(app, core, files);
  await tasksFeature(app, core, files);
  await hoursFeature(app, core);
  await commentsFeature(app, core);
  await checklistsFeature(app, core);
  const lessons = await lessonsFeature(app, core);
  await codeHostingFeature(app, core);
  await reportsFeature(app, core);
  await standupsFeature(app, core);
  await fairnessFeature(app, core);
  await courseOverviewFeature(app, core);
  await milestoneSnapshotsFeature(app, core);
  await hourSignalsFeature(app, core);
  await evaluationsFeature(app, core);
  await knowledgeFeature(app, core);
  await courseTemplatesFeature(app, core, { folders });
  await metricsFeature(app, core);
  await termsFeature(app, terms);
  await adminUsersFeature(app, core, auth);
  await jobsFeature(app, core);
  await assistantFeature(app, core, lessons.search);

  if (config.hasBenchCeiling) registerBenchCeiling(app);
  await registerSinglePageApp(app, config.webDistDir);
  app.addHook('onClose', async () => mailer.close());
  return app;
}

/**
 * Throttles, quotas and lock-outs count in Redis when REDIS_URL is set, so every instance enforces
 * the same count (docs/security.md, Shared limits); in this process otherwise.
 */
async function createThrottle(app: FastifyInstance, config: Config, clock: Clock): Promise<Throttle> {
  if (!config.redisUrl) return new MemoryThrottle(clock);
  const shared = await connectRedisThrottle(config.redisUrl, config.redisChannelPrefix, app.log);
  app.addHook('onClose', async () => shared.close());
  return shared.throttle;
}

/**
 * Socket.IO on the same HTTP server, given the three domain checks it needs. Sockets close before
 * the HTTP server does (open WebSockets would keep it waiting), Redis after.
 */
async function createAppRealtime(
  app: FastifyInstance,
  config: Config,
  database: AppDatabase,
  services: { auth: () => AuthService; terms: () => TermsService },
  probes: ProbeTally,
): Promise<Realtime> {
  const { auth, terms } = services;
  const realtime = await createRealtime({
    server: app.server,
    redisUrl: config.redisUrl,
    redisChannelPrefix: config.redisChannelPrefix,
    secretKey: config.secretKey,
    userMessagesPerSecond: config.socketUserMessagesPerSecond,
    log: app.log,
    stamps: database.stamps,
    probes,
    async authenticate(credentials) {
      const { user, session } = await auth().authenticate(credentials);
      // Like every HTTP call (features/terms): no live updates before the current terms are accepted.
      if (await terms().isAcceptanceRequired(user)) throw new AppError('TERMS_ACCEPTANCE_REQUIRED');
      return {
        user: { id: user.id, name: user.name, photo: avatarUrl(user.image_key) },
        sessionId: session.id,
      };
    },
    isSessionActive: (sessionId) => auth().isSessionActive(sessionId),
    async viewableBoard(userId, boardId) {
      const [board, user] = await Promise.all([
        findBoardVersion(database.db, boardId),
        auth().findUser(userId),
      ]);
      if (!board || !user) return null;
      try {
        await authorizeProject(database, user, board.project_id, 'project.view');
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
      return { version: board.version, projectId: board.project_id };
    },
  });
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('onClose', async () => realtime.close());
  return realtime;
}

/** Every GET outside /api (plus the confirmation page of the mails) gets the app's index.html. */
async function registerSinglePageApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = await registerWebApp(app, webDistDir);
  app.get(
    '/api/auth/confirmation',
    { schema: { hide: true }, config: { permission: 'public' } },
    async (request, reply) =>
      hasWebApp ? sendIndexHtml(reply) : sendError(request, reply, new AppError('NOT_FOUND')),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
    if (hasWebApp && isPage) return sendIndexHtml(reply);
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });
}
