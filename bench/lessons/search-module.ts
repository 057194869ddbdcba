/* eslint-disable no-restricted-imports -- the one seam through which bench/lessons reaches the
   modules it measures in apps/server (the lint rule keeps apps from importing each other; bench is not
   an app): the search module, and the assistant's lessons engine, which quotes what the search finds. */
export {
  LessonIndex,
  type LessonSearchOptions,
  type SearchableLesson,
} from '../../apps/server/src/features/lessons/search/lesson-index.js';
export { MIN_COVERAGE } from '../../apps/server/src/features/lessons/search/ranking.js';
export {
  LessonsEngine,
  type LessonRetrieval,
} from '../../apps/server/src/features/assistant/engines/lessons-engine.js';
export type { EngineQuestion } from '../../apps/server/src/features/assistant/engines/engine.js';
