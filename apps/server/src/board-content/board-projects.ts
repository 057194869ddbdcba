import { RememberedProjects } from '../db/remembered-projects.js';

/**
 * Which project each board belongs to (db/remembered-projects.ts explains why it is safe to
 * remember). The boards feature forgets a board once its delete has committed.
 */
export const boardProjects = new RememberedProjects();
