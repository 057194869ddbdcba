import type { Db } from '../../db/database.js';
import { peerRatingGroups } from './evaluation-responses.repository.js';
import { statusOf } from './evaluation-status.js';
import { ratedScope, ratingView, type RatingViewer } from './rating-visibility.js';

export { isTeachingStaff, ratedScope, type RatingViewer } from './rating-visibility.js';

/** The peer ratings a viewer may see about one member, summed over evaluations. */
export interface VisiblePeerRatings {
  total: number;
  ratings: number;
}

/**
 * For other features (the fairness page): the peer ratings each member received in the project's team
 * evaluations open during `fromDay`–`toDay`, counting only what `viewer` may see of each evaluation
 * (rating-visibility.ts): staff every rating; a student only expired evaluations in which at least 2
 * people rated that member, and only about themselves unless they own the project. `today` is the
 * project's day.
 */
export async function visiblePeerRatings(
  db: Db,
  viewer: RatingViewer & { user_id: number },
  target: { projectId: number; fromDay: string; toDay: string; today: string },
): Promise<Map<number, VisiblePeerRatings>> {
  const groups = await peerRatingGroups(db, target.projectId, target);
  const everyone = ratedScope(viewer) === 'everyone';
  const sums = new Map<number, VisiblePeerRatings>();
  for (const group of groups) {
    if (!everyone && group.subject_id !== viewer.user_id) continue;
    if (ratingView(viewer, statusOf(group.evaluation, target.today), group.raters) === 'withheld') continue;
    const sum = sums.get(group.subject_id) ?? { total: 0, ratings: 0 };
    sum.total += group.total;
    sum.ratings += group.ratings;
    sums.set(group.subject_id, sum);
  }
  return sums;
}
