/* eslint-disable no-restricted-imports, @typescript-eslint/triple-slash-reference -- the one seam
   through which bench/assistant reaches the tip base it measures in apps/server (the lint rule keeps
   apps from importing each other; bench is not an app), with the stemmer's declaration. */
/// <reference path="../../apps/server/src/features/lessons/search/snowball-stemmers.d.ts" />
export { TipBase, TIP_CARDS } from '../../apps/server/src/features/assistant/tips/tip-base.js';
