/** The access module's public face: what features and plugins import. */
export type { PlacementRecord, ProjectRow, ProjectWithPlacement } from './access.repository.js';
export {
  findProjectForUser,
  PLACEMENT_COLUMNS,
  PROJECT_COLUMNS,
  projectChanged,
} from './access.repository.js';
export { accessedResourceOf, projectAccessOf, registerProjectAccess } from './access-hook.js';
export {
  authorizeProject,
  splitPlacement,
  type AuthorizeOptions,
  type ProjectAccess,
} from './project-access.js';
export { locateInProject, locateThroughTask, rememberProjectOf } from './locate.js';
export type {
  LocatedResource,
  PolicyCheck,
  ProjectResource,
  ResourcePolicies,
  ResourcePolicy,
} from './resources.js';
export { registerRoutePolicies, type AccountPolicy, type RoutePolicy } from './route-policy.js';
export { onId, signedInRoute } from './route-options.js';
