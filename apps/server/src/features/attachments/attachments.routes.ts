import { AttachmentListResponseSchema, AttachmentResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, byteSize } from '../../lib/app-error.js';
import { contentDisposition } from '../../lib/file-type.js';
import { SpooledUpload } from '../../lib/upload-spool.js';
import { signedIn } from '../../plugins/auth.js';
import { onId, projectAccessOf } from '../../access/access.js';
import type { AttachmentsService } from './attachments.service.js';

export interface AttachmentRoutesOptions {
  attachments: AttachmentsService;
  maxBytes: number;
}

const tags = ['attachments'];

export const attachmentRoutes: FastifyPluginAsyncZod<AttachmentRoutesOptions> = async (
  app,
  { attachments, maxBytes },
) => {
  app.get(
    '/api/tasks/:id/attachments',
    onId('project.view', {
      tags,
      summary: 'Attachments of a task (signed links, 1 hour)',
      response: { 200: AttachmentListResponseSchema },
    }),
    async (request) => ({ data: await attachments.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/attachments',
    onId('work.edit', {
      tags,
      summary: 'Attach a file (multipart field `file`; type by content; size capped)',
      consumes: ['multipart/form-data'],
      response: { 201: AttachmentResponseSchema },
    }),
    async (request, reply) => {
      const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError('FILE_REQUIRED');
      // Spooled to a temporary file as it arrives: the body is never held in memory whole.
      const upload = await SpooledUpload.from(file.file);
      try {
        // Past the limit the stream just ends early, marked truncated.
        if (file.file.truncated) throw new AppError('FILE_TOO_LARGE', 413, { max: byteSize(maxBytes) });
        const data = await attachments.upload(
          signedIn(request).user,
          projectAccessOf(request),
          request.params.id,
          upload,
          file.filename,
        );
        return await reply.code(201).send({ data });
      } finally {
        await upload.discard();
      }
    },
  );

  app.delete(
    '/api/attachments/:id',
    onId('work.edit', { tags, summary: 'Delete an attachment and its file' }),
    async (request, reply) => {
      await attachments.remove(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/files/attachments/:key',
    {
      config: { permission: 'signed_link' },
      schema: {
        tags,
        summary: 'An attachment or its thumbnail, through its signed link',
        params: z.object({ key: z.string().max(100) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const file = await attachments.read(request.params.key, request.query.expires, request.query.signature);
      if (!file) throw new AppError('NOT_FOUND');
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      // The bucket answers with the same type and disposition (docs/object-storage.md); the
      // pre-signed URL expires within minutes, so the redirect itself is never cached.
      if ('redirectTo' in file)
        return reply.header('cache-control', 'private, no-store').redirect(file.redirectTo, 302);
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          contentDisposition(file.isThumbnail ? 'inline' : 'attachment', file.name),
        )
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .send(file.body);
    },
  );
};
