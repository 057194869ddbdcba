import { isOutOfScope, type SetName } from './eval-set.js';
import type { AssistantOutcome } from './assistant-recall.js';
import { refusedShare, summarize, type QuestionOutcome } from './quality.js';
import type { Measured, SideBySideRow } from './side-by-side.js';

/** What one set's questions gave: the search's top 3 and the assistant's citations. */
export interface SetOutcomes {
  search: QuestionOutcome[];
  assistant: AssistantOutcome[];
}

/** Issue 46's goals. */
const PRECISION_GOAL = 0.8;
const CROSS_LANGUAGE_PRECISION_GOAL = 0.7;
const RECALL_GOAL = 0.85;
const OUT_OF_SCOPE_REFUSED_GOAL = 0.7;
const WRONGLY_REFUSED_LIMIT = 0.1;
const TYPO_GAP_LIMIT = 0.1;
const ASSISTANT_GAP_LIMIT = 0.05;

type Group = (outcome: QuestionOutcome) => boolean;

/** Answerable questions split as issue 46 asks; a question can be in several groups. */
const GROUPS: { name: string; precisionGoal: number; isIn: Group }[] = [
  { name: 'en questions', precisionGoal: PRECISION_GOAL, isIn: (o) => o.question.language === 'en' },
  { name: 'es questions', precisionGoal: PRECISION_GOAL, isIn: (o) => o.question.language === 'es' },
  { name: 'cross-language', precisionGoal: CROSS_LANGUAGE_PRECISION_GOAL, isIn: (o) => o.isCrossLanguage },
  { name: 'typo', precisionGoal: PRECISION_GOAL, isIn: (o) => o.hasTypo },
  { name: 'not typo', precisionGoal: PRECISION_GOAL, isIn: (o) => !o.hasTypo },
  { name: 'all answerable', precisionGoal: PRECISION_GOAL, isIn: () => true },
];

const answerable = (outcomes: SetOutcomes) => outcomes.search.filter((o) => !o.isOutOfScope);
const outOfScope = (outcomes: SetOutcomes) => outcomes.search.filter((o) => o.isOutOfScope);

function precisionOf(outcomes: readonly QuestionOutcome[]): Measured {
  return { value: summarize(outcomes).precisionAt1, count: outcomes.length };
}

function recallAt3Of(outcomes: readonly QuestionOutcome[]): Measured {
  return { value: summarize(outcomes).recallAt3, count: outcomes.length };
}

function averageOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

/** Rest P@1 minus typo P@1: how much a misspelt key word costs. */
function typoGap(outcomes: SetOutcomes): Measured {
  const questions = answerable(outcomes);
  const typos = questions.filter((o) => o.hasTypo);
  const rest = questions.filter((o) => !o.hasTypo);
  return { value: precisionOf(rest).value - precisionOf(typos).value, count: typos.length };
}

function assistantRecall(outcomes: SetOutcomes): Measured {
  const questions = outcomes.assistant.filter((o) => !isOutOfScope(o.question));
  return { value: averageOf(questions.map((o) => o.recall)), count: questions.length };
}

function assistantGap(outcomes: SetOutcomes): Measured {
  const search = recallAt3Of(answerable(outcomes));
  const assistant = assistantRecall(outcomes);
  return { value: search.value - assistant.value, count: assistant.count };
}

function assistantSilentOutOfScope(outcomes: SetOutcomes): Measured {
  const questions = outcomes.assistant.filter((o) => isOutOfScope(o.question));
  return { value: averageOf(questions.map((o) => (o.cited.length === 0 ? 1 : 0))), count: questions.length };
}

interface Measure {
  name: string;
  goal: string;
  isMet: ((value: number) => boolean) | null;
  measure(outcomes: SetOutcomes): Measured;
}

/** A figure that should reach `goal`. */
function atLeast(name: string, goal: number, measure: Measure['measure']): Measure {
  return { name, goal: `≥ ${goal.toFixed(2)}`, isMet: (value) => value >= goal, measure };
}

/** A figure that should stay within `limit`. */
function atMost(name: string, limit: number, measure: Measure['measure']): Measure {
  return { name, goal: `≤ ${limit.toFixed(2)}`, isMet: (value) => value <= limit, measure };
}

function groupMeasures(): Measure[] {
  return GROUPS.flatMap(({ name, precisionGoal, isIn }) => [
    atLeast(`search P@1, ${name}`, precisionGoal, (o) => precisionOf(answerable(o).filter(isIn))),
    atLeast(`search recall@3, ${name}`, RECALL_GOAL, (o) => recallAt3Of(answerable(o).filter(isIn))),
  ]);
}

function refusals(outcomes: readonly QuestionOutcome[]): Measured {
  return { value: refusedShare(outcomes), count: outcomes.length };
}

const MEASURES: Measure[] = [
  ...groupMeasures(),
  atMost('search P@1 gap, not typo minus typo', TYPO_GAP_LIMIT, typoGap),
  atLeast('search: out of scope, said "no lesson fits"', OUT_OF_SCOPE_REFUSED_GOAL, (o) =>
    refusals(outOfScope(o)),
  ),
  atMost('search: answerable, wrongly said "no lesson fits"', WRONGLY_REFUSED_LIMIT, (o) =>
    refusals(answerable(o)),
  ),
  { name: 'assistant recall (lessons cited)', goal: '—', isMet: null, measure: assistantRecall },
  atMost('assistant recall gap, search recall@3 minus it', ASSISTANT_GAP_LIMIT, assistantGap),
  atLeast('assistant: out of scope, cited no lesson', OUT_OF_SCOPE_REFUSED_GOAL, assistantSilentOutOfScope),
];

/** Every measure on every set given, as rows to print side by side. */
export function qualityRows(bySet: Partial<Record<SetName, SetOutcomes>>): SideBySideRow[] {
  const sets = Object.entries(bySet) as [SetName, SetOutcomes][];
  return MEASURES.map(({ name, goal, isMet, measure }) => ({
    name,
    goal,
    isMet,
    bySet: Object.fromEntries(sets.map(([set, outcomes]) => [set, measure(outcomes)])),
  }));
}
