import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PROFILE_IMAGE_MAX_BYTES } from '@teamboard/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountRoutes } from './features/auth/account.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { AuthService } from './features/auth/auth.service.js';
import { avatarRoutes } from './features/auth/avatar.routes.js';
import { AvatarService } from './features/auth/avatar.service.js';
import { activityRoutes } from './features/activity/activity.routes.js';
import { ActivityService } from './features/activity/activity.service.js';
import { folderRoutes } from './features/folders/folders.routes.js';
import { FoldersService } from './features/folders/folders.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { invitationRoutes } from './features/invitations/invitations.routes.js';
import { InvitationsService } from './features/invitations/invitations.service.js';
import { memberRoutes } from './features/members/members.routes.js';
import { MembersService } from './features/members/members.service.js';
import { projectRoutes } from './features/projects/projects.routes.js';
import { ProjectsService } from './features/projects/projects.service.js';
import { AppError } from './lib/app-error.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { LocalDiskStorage, type Storage } from './lib/storage.js';
import { MemoryThrottle, type Throttle } from './lib/throttle.js';
import { loggerOptions, type LogStream } from './logger.js';
import { registerAuthentication } from './plugins/auth.js';
import { registerAudit } from './plugins/audit.js';
import { frameworkErrorHandler, registerErrorHandling, sendError } from './plugins/errors.js';
import { refuseNulCharacters } from './plugins/nul-characters.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerProjectAccess } from './plugins/project-access.js';
import { registerRoutePolicies } from './plugins/route-policy.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerBenchCeiling } from './plugins/bench-ceiling.js';
import { registerWebApp, sendIndexHtml } from './plugins/web-app.js';
import { VERSION } from './version.js';
import { attachmentRoutes } from './features/attachments/attachments.routes.js';
import { AttachmentsService } from './features/attachments/attachments.service.js';
import { projectIdOfAttachment } from './features/attachments/attachments.repository.js';
import { projectIdOfBoard, projectIdOfColumn } from './features/boards/boards.repository.js';
import { boardRoutes } from './features/boards/boards.routes.js';
import { BoardsService } from './features/boards/boards.service.js';
import { projectIdOfChecklistItem } from './features/checklists/checklists.repository.js';
import { checklistRoutes } from './features/checklists/checklists.routes.js';
import { ChecklistsService } from './features/checklists/checklists.service.js';
import { projectIdOfComment } from './features/comments/comments.repository.js';
import { commentRoutes } from './features/comments/comments.routes.js';
import { CommentsService } from './features/comments/comments.service.js';
import { projectIdOfHour } from './features/hours/hours.repository.js';
import { hourRoutes } from './features/hours/hours.routes.js';
import { HoursService } from './features/hours/hours.service.js';
import { projectIdOfLabel } from './features/labels/labels.repository.js';
import { labelRoutes } from './features/labels/labels.routes.js';
import { LabelsService } from './features/labels/labels.service.js';
import { projectIdOfMilestone } from './features/milestones/milestones.repository.js';
import { milestoneRoutes } from './features/milestones/milestones.routes.js';
import { MilestonesService } from './features/milestones/milestones.service.js';
import { projectIdOfTask } from './features/tasks/tasks.repository.js';
import { taskRoutes } from './features/tasks/tasks.routes.js';
import { TasksService } from './features/tasks/tasks.service.js';
import type { ProjectResolvers } from './plugins/project-access.js';
import { registerRequestContext } from './realtime/request-context.js';
import { createRealtime, type Realtime } from './realtime/socket-server.js';
import { findBoardVersion } from './features/boards/boards.repository.js';
import { authorizeProject } from './features/projects/projects.service.js';
import { toUser } from './features/auth/auth.service.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults follow the config: SMTP or the outbox, local disk, in-memory counters, the system clock. */
  mailer?: Mailer;
  storage?: Storage;
  throttle?: Throttle;
  clock?: Clock;
  logStream?: LogStream;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const securityHeaderOptions = { isProduction: config.nodeEnv === 'production' };
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler(securityHeaderOptions),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  registerRequestContext(app);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  registerAudit(app, { clock });
  registerSecurityHeaders(app, securityHeaderOptions);
  // Before any route (the OpenAPI ones too): records every route's policy and authenticates by it.
  registerRoutePolicies(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await registerOpenApi(app, VERSION);

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      log: app.log,
    });
  const realtime = await createAppRealtime(app, config, db, () => auth);
  const auth = new AuthService({
    db,
    clock,
    mailer,
    realtime,
    throttle: deps.throttle ?? new MemoryThrottle(clock),
    secretKey: config.secretKey,
    appUrl: config.appUrl,
    log: app.log,
  });
  const storage = deps.storage ?? new LocalDiskStorage(config.filesDir);
  const avatars = new AvatarService({ db, clock, storage });
  const attachments = new AttachmentsService({
    db,
    clock,
    storage,
    secretKey: config.secretKey,
    realtime,
    quotaBytes: config.uploadQuotaBytes,
  });
  const folders = new FoldersService({ db, clock });
  const projects = new ProjectsService({ db, clock, folders, attachments, realtime });
  const members = new MembersService({ db, clock, realtime });
  const invitations = new InvitationsService({
    db,
    clock,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    folders,
    projects,
    realtime,
  });
  const activity = new ActivityService({ db });
  registerAuthentication(app, auth);
  // Enforces the project permission every project-scoped route declares.
  registerProjectAccess(app, {
    authorizeProject: (user, projectId, permission, options) =>
      projects.authorize(user, projectId, permission, options),
    findInvitation: (id) => invitations.findById(id),
    receivedInvitation: (user, id) => invitations.receivedBy(user, id),
    projectOf: projectResolvers(db),
  });

  await app.register(healthRoutes, { db, version: VERSION });
  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { auth });
  await app.register(avatarRoutes, { avatars });
  await app.register(folderRoutes, { folders });
  await app.register(projectRoutes, { projects });
  await app.register(memberRoutes, { members });
  await app.register(invitationRoutes, { invitations });
  await app.register(activityRoutes, { activity });
  await app.register(labelRoutes, { labels: new LabelsService({ db, realtime }) });
  await app.register(milestoneRoutes, { milestones: new MilestonesService({ db, clock }) });
  await app.register(boardRoutes, { boards: new BoardsService({ db, clock, attachments, realtime }) });
  await app.register(taskRoutes, { tasks: new TasksService({ db, clock, attachments, realtime }) });
  await app.register(hourRoutes, { hours: new HoursService({ db, clock, realtime }) });
  await app.register(commentRoutes, { comments: new CommentsService({ db, clock, realtime }) });
  await app.register(checklistRoutes, { checklists: new ChecklistsService({ db, clock, realtime }) });
  await app.register(attachmentRoutes, { attachments, maxBytes: config.attachmentMaxBytes });

  if (config.hasBenchCeiling) registerBenchCeiling(app);
  await registerSinglePageApp(app, config.webDistDir);
  app.addHook('onClose', async () => mailer.close());
  return app;
}

/**
 * Socket.IO on the same HTTP server, given the three domain checks it needs. Sockets close before
 * the HTTP server does (open WebSockets would keep it waiting), Redis after.
 */
async function createAppRealtime(
  app: FastifyInstance,
  config: Config,
  db: Db,
  auth: () => AuthService,
): Promise<Realtime> {
  const realtime = await createRealtime({
    server: app.server,
    redisUrl: config.redisUrl,
    redisChannelPrefix: config.redisChannelPrefix,
    log: app.log,
    async authenticate(credentials) {
      const { user, session } = await auth().authenticate(credentials);
      return { user: { id: user.id, name: user.name, photo: toUser(user).image }, sessionId: session.id };
    },
    isSessionActive: (sessionId) => auth().isSessionActive(sessionId),
    async viewableBoard(userId, boardId) {
      const [board, user] = await Promise.all([findBoardVersion(db, boardId), auth().findUser(userId)]);
      if (!board || !user) return null;
      try {
        await authorizeProject(db, user, board.project_id, 'project.view');
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

/** How the access check finds the project of /api/boards/:id, /api/tasks/:id… (one query each). */
function projectResolvers(db: Db): ProjectResolvers {
  return {
    board: (id) => projectIdOfBoard(db, id),
    column: (id) => projectIdOfColumn(db, id),
    task: (id) => projectIdOfTask(db, id),
    label: (id) => projectIdOfLabel(db, id),
    milestone: (id) => projectIdOfMilestone(db, id),
    hour: (id) => projectIdOfHour(db, id),
    comment: (id) => projectIdOfComment(db, id),
    checklist_item: (id) => projectIdOfChecklistItem(db, id),
    attachment: (id) => projectIdOfAttachment(db, id),
  };
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
