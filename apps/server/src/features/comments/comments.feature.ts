import type { FastifyInstance } from 'fastify';
import { locateThroughTask } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { commentRoutes } from './comments.routes.js';
import { CommentsService } from './comments.service.js';

export async function commentsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, realtime } = core;
  app.projectResources.register({
    kind: 'comment',
    path: '/api/comments/:id',
    locate: locateThroughTask(core.database, 'comments'),
  });
  await app.register(commentRoutes, { comments: new CommentsService({ db, clock, realtime }) });
}
