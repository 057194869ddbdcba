/* eslint-disable no-restricted-imports, @typescript-eslint/triple-slash-reference -- the one seam
   through which bench/lessons reaches the search module it measures in apps/server (the lint rule
   keeps apps from importing each other; bench is not an app), with the module's declaration of the
   untyped stemmer package, which this separate TypeScript program would not see otherwise. */
/// <reference path="../../apps/server/src/features/lessons/search/snowball-stemmers.d.ts" />
export {
  LessonIndex,
  type LessonSearchOptions,
  type SearchableLesson,
} from '../../apps/server/src/features/lessons/search/lesson-index.js';
