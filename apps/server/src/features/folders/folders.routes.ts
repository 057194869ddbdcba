import {
  CreateFolderInputSchema,
  FolderListResponseSchema,
  FolderResponseSchema,
  UpdateFolderInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '../../lib/ids.js';
import { signedIn } from '../../plugins/auth.js';
import type { FoldersService } from './folders.service.js';

export interface FolderRoutesOptions {
  folders: FoldersService;
}

const security = [{ accessToken: [], client: [], uid: [] }];
const params = z.object({ id: IdParamSchema });

/** The caller's own folders; another user's folder id is a 404. */
export const folderRoutes: FastifyPluginAsyncZod<FolderRoutesOptions> = async (app, { folders }) => {
  app.get(
    '/api/folders',
    {
      schema: {
        tags: ['folders'],
        summary: 'My folders',
        security,
        response: { 200: FolderListResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => ({ data: await folders.list(signedIn(request).user.id) }),
  );

  app.post(
    '/api/folders',
    {
      schema: {
        tags: ['folders'],
        summary: 'Create a folder',
        security,
        body: CreateFolderInputSchema,
        response: { 201: FolderResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await folders.create(signedIn(request).user.id, request.body) }),
  );

  app.put(
    '/api/folders/:id',
    {
      schema: {
        tags: ['folders'],
        summary: 'Rename, archive or unarchive a folder',
        security,
        params,
        body: UpdateFolderInputSchema,
        response: { 200: FolderResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => ({
      data: await folders.update(signedIn(request).user.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/folders/:id',
    {
      schema: { tags: ['folders'], summary: 'Delete an empty folder', security, params },
      config: { permission: 'signed_in' },
    },
    async (request, reply) => {
      await folders.remove(signedIn(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
