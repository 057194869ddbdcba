import { onId, signedInRoute } from '../../access/access.js';
import {
  CreateFolderInputSchema,
  FolderListResponseSchema,
  FolderResponseSchema,
  UpdateFolderInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import type { FoldersService } from './folders.service.js';

export interface FolderRoutesOptions {
  folders: FoldersService;
}

/** The caller's own folders; another user's folder id is a 404. */
export const folderRoutes: FastifyPluginAsyncZod<FolderRoutesOptions> = async (app, { folders }) => {
  app.get(
    '/api/folders',
    signedInRoute('signed_in', {
      tags: ['folders'],
      summary: 'My folders',
      response: { 200: FolderListResponseSchema },
    }),
    async (request) => ({ data: await folders.list(signedIn(request).user.id) }),
  );

  app.post(
    '/api/folders',
    signedInRoute('signed_in', {
      tags: ['folders'],
      summary: 'Create a folder',
      body: CreateFolderInputSchema,
      response: { 201: FolderResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await folders.create(signedIn(request).user.id, request.body) }),
  );

  app.put(
    '/api/folders/:id',
    onId('signed_in', {
      tags: ['folders'],
      summary: 'Rename, archive or unarchive a folder',
      body: UpdateFolderInputSchema,
      response: { 200: FolderResponseSchema },
    }),
    async (request) => ({
      data: await folders.update(signedIn(request).user.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/folders/:id',
    onId('signed_in', { tags: ['folders'], summary: 'Delete an empty folder' }),
    async (request, reply) => {
      await folders.remove(signedIn(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
