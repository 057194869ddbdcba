import type { AppDatabase } from '../db/app-database.js';
import type { RememberedProjects } from '../db/remembered-projects.js';

/**
 * Which project each board belongs to (db/remembered-projects.ts explains why it is safe to
 * remember). The boards feature forgets a board once its delete has committed.
 */
export function boardProjects(database: AppDatabase): RememberedProjects {
  return database.rememberedProjects('boards');
}
