/* eslint-disable no-restricted-imports -- the one seam through which bench/assistant reaches the tip
   base it measures in apps/server (the lint rule keeps apps from importing each other; bench is not an
   app). */
export { TipBase, TIP_CARDS } from '../../apps/server/src/features/assistant/tips/tip-base.js';
