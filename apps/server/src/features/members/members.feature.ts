import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { memberRoutes } from './members.routes.js';
import { MembersService } from './members.service.js';

export async function membersFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { database, db, clock, realtime } = core;
  await app.register(memberRoutes, { members: new MembersService({ database, db, clock, realtime }) });
}
