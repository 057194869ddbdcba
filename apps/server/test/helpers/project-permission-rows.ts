import type { BoardFixture } from './boards.js';
import type { Method } from './projects.js';

/**
 * The actors, the fixture and the row shape of the project permission matrix (test/api/permissions.test.ts),
 * shared by the rows files each domain keeps beside its tests (test/features/<domain>/<domain>.permission-rows.ts).
 */
export const ACTORS = [
  'owner',
  'member',
  'viewer',
  'stranger',
  'signed_out',
  'teacher_public',
  'teacher_private',
  'admin_public',
  'admin_private',
  'invitee',
  'blocked',
] as const;
export type Actor = (typeof ACTORS)[number];

export interface Fixture extends BoardFixture {
  projectId: number;
  invitationId: number;
  /** Written by the member and sent for approval. */
  pendingLessonId: number;
  /** Written by the member and approved: every signed-in user may read it. */
  publishedLessonId: number;
  viewerId: number;
  inviteeFolderId: number;
  /** A GitHub repository linked by the owner (never synced: the job worker is off in tests). */
  repositoryId: number;
  /** A commit address the member linked to the fixture's task by hand. */
  taskCommitId: number;
  /** Today's stand-up of the member. */
  standupId: number;
  /** A draft evaluation of the owner's, for the member and the viewer. */
  draftEvaluationId: number;
  /** The same, sent and active today. */
  evaluationId: number;
  /** The snapshot of the fixture's milestone (its deadline has passed), taken by opening it. */
  milestoneSnapshotId: number;
}

export interface Row {
  method: Method | 'HEAD';
  route: string;
  request(f: Fixture): { url: string; payload?: object; multipart?: boolean };
  expected: Record<Actor, number>;
}

/**
 * The columns in order: owner member viewer stranger signed_out teacher_public teacher_private
 * invitee. An admin gets exactly what a teacher gets (read-only on public projects, never write
 * access by account type); a user blocked after signing in gets 401 everywhere.
 */
export const status = (...codes: number[]): Record<Actor, number> => {
  const [owner, member, viewer, stranger, signed_out, teacher_public, teacher_private, invitee] = codes;
  return {
    ...({ owner, member, viewer, stranger, signed_out, teacher_public, teacher_private, invitee } as Record<
      Exclude<Actor, 'admin_public' | 'admin_private' | 'blocked'>,
      number
    >),
    admin_public: teacher_public!,
    admin_private: teacher_private!,
    blocked: 401,
  };
};
export const VIEW = status(200, 200, 200, 404, 401, 200, 404, 404);
export const OWNER_ONLY = (ok: number) => status(ok, 403, 403, 404, 401, 403, 404, 404);
export const INVITEE_ONLY = status(404, 404, 404, 404, 401, 404, 404, 200);
/** work.edit / work.report_own: owners and members; a viewer or a read-only teacher gets 403. */
export const WORK = (ok: number) => status(ok, ok, 403, 404, 401, 403, 404, 404);
/** Staff reads (hours.review): owners, and teachers/admins on a public project; members and viewers 403. */
export const STAFF_READ = status(200, 403, 403, 404, 401, 200, 404, 404);
