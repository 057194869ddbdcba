import {
  EVALUATION_MIN_RATERS_SHOWN,
  type AccountType,
  type EvaluationStatus,
  type ProjectRole,
  type RatingView,
} from '@teamboard/contract';

/**
 * THE rule of who sees which ratings (PRODUCT.md "Evaluations"), for every surface that shows them:
 * results, their CSV, fairness, evidence, course overview, the assistant, metrics. Every reader of
 * ratings goes through these functions; test/features/evaluations/rating-visibility.test.ts lists the surfaces.
 */

/** Who is looking: their account type, and their role on the project (null: staff on a public one). */
export interface RatingViewer {
  account_type: AccountType;
  role: ProjectRole | null;
}

/** Teaching staff: teacher and admin accounts (as the 'staff' route policy). */
export function isTeachingStaff(viewer: Pick<RatingViewer, 'account_type'>): boolean {
  return viewer.account_type === 'teacher' || viewer.account_type === 'admin';
}

/**
 * What `viewer` may see of the ratings about one rated member (or a project evaluation's block):
 * staff every rating with its rater; a student — owner or not — averages and counts only, once the
 * evaluation expired and when at least EVALUATION_MIN_RATERS_SHOWN people rated that member.
 */
export function ratingView(viewer: RatingViewer, status: EvaluationStatus, raters: number): RatingView {
  if (isTeachingStaff(viewer)) return 'attributed';
  if (status !== 'expired' || raters < EVALUATION_MIN_RATERS_SHOWN) return 'withheld';
  return 'aggregate';
}

/** Who submitted (user ids) is for teaching staff; a student gets how many submitted. */
export function seesSubmitters(viewer: RatingViewer): boolean {
  return isTeachingStaff(viewer);
}

/**
 * Whose ratings a viewer may ask about: staff and owners every rated member; a student member or
 * viewer only themselves (then `ratingView` decides, per member, what of it is shown).
 */
export function ratedScope(viewer: RatingViewer): 'everyone' | 'self' {
  return isTeachingStaff(viewer) || viewer.role === 'owner' ? 'everyone' : 'self';
}
