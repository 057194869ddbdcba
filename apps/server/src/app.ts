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
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerProjectAccess } from './plugins/project-access.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
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
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { isHttps: config.appUrl.startsWith('https://') });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await registerOpenApi(app, VERSION);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      log: app.log,
    });
  const auth = new AuthService({
    db,
    clock,
    mailer,
    throttle: deps.throttle ?? new MemoryThrottle(clock),
    secretKey: config.secretKey,
    appUrl: config.appUrl,
    log: app.log,
  });
  const storage = deps.storage ?? new LocalDiskStorage(config.filesDir);
  const avatars = new AvatarService({ db, clock, storage });
  const attachments = new AttachmentsService({ db, clock, storage, secretKey: config.secretKey });
  const folders = new FoldersService({ db, clock });
  const projects = new ProjectsService({ db, clock, folders, attachments });
  const members = new MembersService({ db, clock });
  const invitations = new InvitationsService({
    db,
    clock,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    folders,
    projects,
  });
  const activity = new ActivityService({ db });
  registerAuthentication(app, auth);
  // Before any project route: records every route's declared permission and enforces it.
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
  await app.register(labelRoutes, { labels: new LabelsService({ db }) });
  await app.register(milestoneRoutes, { milestones: new MilestonesService({ db, clock }) });
  await app.register(boardRoutes, { boards: new BoardsService({ db, clock, attachments }) });
  await app.register(taskRoutes, { tasks: new TasksService({ db, clock, attachments }) });
  await app.register(hourRoutes, { hours: new HoursService({ db, clock }) });
  await app.register(commentRoutes, { comments: new CommentsService({ db, clock }) });
  await app.register(checklistRoutes, { checklists: new ChecklistsService({ db, clock }) });
  await app.register(attachmentRoutes, { attachments, maxBytes: config.attachmentMaxBytes });

  await registerSinglePageApp(app, config.webDistDir);
  app.addHook('onClose', async () => mailer.close());
  return app;
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
  app.get('/api/auth/confirmation', { schema: { hide: true } }, async (request, reply) =>
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
