/**
 * What is on a board, owned in one place: board versions (ETag and real-time sequence), the cards,
 * the board/column/task lookups other features need, transactWithEvents, and the per-member facts
 * and activity the teaching layer counts (README.md). Tasks, comments, checklists, hours,
 * attachments, labels and boards depend on this module, not on each other.
 */
export { boardProjects } from './board-projects.js';
export {
  bumpBoardOfTask,
  bumpBoardVersion,
  bumpProjectBoards,
  transactWithEvents,
} from './board-versions.js';
export { boardCards, currentCard, taskCardChanged } from './card-events.js';
export {
  cardOf,
  CARD_COLUMNS,
  findCardById,
  toCard,
  toDetail,
  toSummaries,
  type CardRow,
  type TaskScope,
} from './cards.js';
export * from './lookups.js';
export {
  activityMoments,
  latestActivity,
  type ActivityMoment,
  type LatestActivity,
} from './member-activity.js';
export {
  memberFacts,
  projectContributors,
  type Contributor,
  type FactsPeriod,
  type MemberFact,
  type MemberFacts,
} from './member-facts.js';
export type { ContentScope, StoredFiles } from './stored-files.js';
