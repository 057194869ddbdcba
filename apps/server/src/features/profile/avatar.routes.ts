import { PROFILE_IMAGE_MAX_BYTES, UserResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, byteSize } from '../../lib/app-error.js';
import { signedIn } from '../../plugins/auth.js';
import { toUser } from '../../users/users.js';
import type { AvatarService } from './avatar.service.js';

export interface AvatarRoutesOptions {
  avatars: AvatarService;
}

export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, { avatars }) => {
  app.post(
    '/api/users/image',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload the profile photo (multipart field `file`: jpeg, png, gif or webp, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: UserResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError('FILE_REQUIRED');
      const upload = await file.toBuffer().catch((error: { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? new AppError('FILE_TOO_LARGE', 413, { max: byteSize(PROFILE_IMAGE_MAX_BYTES) })
          : error;
      });
      return { data: toUser(await avatars.replace(signedIn(request).user, upload)) };
    },
  );

  app.delete(
    '/api/users/image',
    {
      schema: {
        tags: ['profile'],
        summary: 'Back to the default avatar',
        response: { 200: UserResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => ({ data: toUser(await avatars.remove(signedIn(request).user)) }),
  );

  app.get(
    '/api/files/avatars/:key',
    {
      config: { permission: 'signed_link' },
      schema: {
        tags: ['profile'],
        summary: 'A profile photo (WebP)',
        params: z.object({ key: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const image = await avatars.read(request.params.key);
      if (!image) throw new AppError('NOT_FOUND');
      // Keys are unguessable and change on every upload, so the bytes under one URL never change.
      // Re-encoded WebP only, yet sandboxed like every download: never a document in our origin.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image);
    },
  );
};
