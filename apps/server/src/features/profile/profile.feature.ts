import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { avatarRoutes } from './avatar.routes.js';
import { AvatarService } from './avatar.service.js';
import { profileRoutes } from './profile.routes.js';
import { ProfileService, type OtherSessions } from './profile.service.js';

export async function profileFeature(
  app: FastifyInstance,
  core: AppCore,
  sessions: OtherSessions,
): Promise<void> {
  const { database, db, clock, storage } = core;
  await app.register(profileRoutes, { profiles: new ProfileService({ database, db, clock, sessions }) });
  await app.register(avatarRoutes, { avatars: new AvatarService({ database, db, clock, storage }) });
}
