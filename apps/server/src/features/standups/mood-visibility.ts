import { STANDUP_MOOD_AVERAGE_MIN_HIDDEN, type AccountType, type ProjectRole } from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { UserRow } from '../../users/users.js';

/**
 * THE rule for stand-up moods (PRODUCT.md, "Stand-up reports"; docs/api-standups.md): stress and
 * feeling are personal. The author, the project's owners and teaching staff (teacher and admin
 * accounts, member or not) see them; teammates and viewers see what was done, what is next and
 * the blockers, never another person's stress or feeling. Every surface that shows a mood — the
 * list, a stand-up, its create/edit answer, the analysis, the course overview and its CSV — asks
 * here; `test/features/standups/standup-moods.test.ts` lists those surfaces and fails on a new one it does not know.
 */
export interface MoodViewer {
  userId: number;
  /** Their role on the project; null for staff reading a public project they are not on. */
  role: ProjectRole | null;
  accountType: AccountType;
}

export function moodViewerOf(
  user: Pick<UserRow, 'id' | 'account_type'>,
  access: Pick<ProjectAccess, 'role'>,
): MoodViewer {
  return { userId: user.id, role: access.role, accountType: user.account_type };
}

function isTeachingStaff(accountType: AccountType): boolean {
  return accountType === 'teacher' || accountType === 'admin';
}

/** May this viewer see the stress and feeling of a stand-up by `authorId`? */
export function maySeeMood(viewer: MoodViewer, authorId: number): boolean {
  return viewer.userId === authorId || viewer.role === 'owner' || isTeachingStaff(viewer.accountType);
}

/**
 * May this viewer see an average of the moods of these authors (each once)? A team average hides a
 * person only among enough others: with one hidden author in it a member works out their value from
 * the average and their own, with two their sum (both, when it is 2 or 10). So: when the viewer may
 * see every author in it, or when at least STANDUP_MOOD_AVERAGE_MIN_HIDDEN of them are hidden.
 */
export function maySeeMoodAverage(viewer: MoodViewer, authorIds: readonly number[]): boolean {
  const hidden = authorIds.filter((authorId) => !maySeeMood(viewer, authorId)).length;
  return hidden === 0 || hidden >= STANDUP_MOOD_AVERAGE_MIN_HIDDEN;
}

export interface Moods {
  stress: number | null;
  feeling: number | null;
}

/** The row's own stress and feeling for a viewer who may see them; null for anyone else. */
export function moodsFor(viewer: MoodViewer, authorId: number, moods: Moods): Moods {
  return maySeeMood(viewer, authorId)
    ? { stress: moods.stress, feeling: moods.feeling }
    : { stress: null, feeling: null };
}
