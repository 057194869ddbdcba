import { type Row, VIEW } from '../../helpers/project-permission-rows.js';

/** Milestone snapshots (docs/api-milestone-snapshots.md): read by whoever sees the project, never written. */
export const milestoneSnapshotRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/milestone_snapshots',
    request: (f) => ({ url: `/api/projects/${f.projectId}/milestone_snapshots` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/milestones/:id/snapshots',
    request: (f) => ({ url: `/api/milestones/${f.milestoneId}/snapshots` }),
    expected: VIEW,
  },
  {
    method: 'GET',
    route: '/api/milestone_snapshots/:id',
    request: (f) => ({ url: `/api/milestone_snapshots/${f.milestoneSnapshotId}` }),
    expected: VIEW,
  },
];
