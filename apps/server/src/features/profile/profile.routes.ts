import { UpdateProfileInputSchema, UserResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { toUser } from '../../users/users.js';
import type { ProfileService } from './profile.service.js';

export interface ProfileRoutesOptions {
  profiles: ProfileService;
}

/** The signed-in user's own details and password (docs/spec.md §7 keeps the path under /api/auth). */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { profiles }) => {
  app.put(
    '/api/auth',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update profile',
        body: UpdateProfileInputSchema,
        response: { 200: UserResponseSchema },
      },
      config: { permission: 'signed_in' },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      const updated = await profiles.update(user, request.body, session.client);
      if (request.body.password !== undefined) request.audit('password.changed');
      return { data: toUser(updated) };
    },
  );
};
