import type { FastifyInstance } from 'fastify';
import { locateThroughTask } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import type { StoredFiles } from '../../board-content/board-content.js';
import { attachmentRoutes } from './attachments.routes.js';
import { AttachmentsService } from './attachments.service.js';

/** Task files; hands back the StoredFiles that deleting tasks, boards and projects clean up with. */
export async function attachmentsFeature(app: FastifyInstance, core: AppCore): Promise<StoredFiles> {
  const { db, clock, storage, realtime, config } = core;
  const attachments = new AttachmentsService({
    db,
    clock,
    storage,
    realtime,
    secretKey: config.secretKey,
    quotaBytes: config.uploadQuotaBytes,
  });
  app.projectResources.register({
    kind: 'attachment',
    path: '/api/attachments/:id',
    locate: locateThroughTask(core.database, 'attachments'),
  });
  await app.register(attachmentRoutes, { attachments, maxBytes: config.attachmentMaxBytes });
  return attachments;
}
