/**
 * How well the "no lesson fits" threshold (MIN_COVERAGE) generalizes, estimated on the DEVELOPMENT set
 * only (eval-set.json plus the out-of-scope calibration questions in apps/server's test fixtures) by
 * 2-fold cross-validation: the threshold is chosen on one half and measured on the other, then the
 * halves swap. The test set is never read. `npx tsx bench/lessons/threshold-cv.ts`
 *
 * The halves: answerable questions by the parity of their first answer's id, so the wordings of one
 * lesson (and its translations) stay together; out-of-scope ones by the parity of their position among
 * those of their file and language, so an English question and its Spanish twin tend to stay together.
 */
import { readFileSync } from 'node:fs';
import { loadEvalSet, toSearchable, type EvalQuestion } from './eval-set.js';
import { LessonIndex, MIN_COVERAGE } from './search-module.js';

/** The most wrongly refused answerable questions a chosen threshold may cost on its training half. */
const MAX_WRONGLY_REFUSED = 0.05;
const THRESHOLDS = Array.from({ length: 45 }, (_, step) => 0.2 + step / 100);
const FIXTURE = new URL(
  '../../apps/server/test/features/lessons/fixtures/out-of-scope.dev.json',
  import.meta.url,
);

interface Measured {
  answerable: boolean;
  half: 0 | 1;
  /** The best lesson's coverage: the search refuses below MIN_COVERAGE. */
  coverage: number;
}

function measure(): Measured[] {
  const set = loadEvalSet();
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    questions: Omit<EvalQuestion, 'relevant'>[];
  };
  const index = new LessonIndex();
  index.replaceAll(set.lessons.map(toSearchable));
  const positions = new Map<string, number>();
  const halfOf = (question: EvalQuestion, file: string): 0 | 1 => {
    if (question.relevant.length > 0) return (question.relevant[0]! % 2) as 0 | 1;
    const key = `${file}:${question.language}`;
    const position = positions.get(key) ?? 0;
    positions.set(key, position + 1);
    return (position % 2) as 0 | 1;
  };
  const questions = [
    ...set.questions.map((question) => ({ question, file: 'dev' })),
    ...fixture.questions.map((question) => ({ question: { ...question, relevant: [] }, file: 'fixture' })),
  ];
  return questions.map(({ question, file }) => ({
    answerable: question.relevant.length > 0,
    half: halfOf(question, file),
    coverage: index.search(question.query, { limit: 1 }).hits[0]?.coverage ?? 0,
  }));
}

/** Share of out-of-scope questions refused and of answerable ones wrongly refused at `threshold`. */
function rates(questions: readonly Measured[], threshold: number) {
  const share = (answerable: boolean) => {
    const group = questions.filter((question) => question.answerable === answerable);
    return group.filter((question) => question.coverage < threshold).length / Math.max(1, group.length);
  };
  return { refused: share(false), wronglyRefused: share(true) };
}

/** The threshold refusing the most out-of-scope questions within MAX_WRONGLY_REFUSED, the lowest on a tie. */
function chooseOn(questions: readonly Measured[]): number {
  let best = THRESHOLDS[0]!;
  for (const threshold of THRESHOLDS) {
    const { refused, wronglyRefused } = rates(questions, threshold);
    if (wronglyRefused <= MAX_WRONGLY_REFUSED && refused > rates(questions, best).refused) best = threshold;
  }
  return best;
}

const format = ({ refused, wronglyRefused }: ReturnType<typeof rates>) =>
  `out-of-scope refused ${refused.toFixed(2)}, answerable wrongly refused ${wronglyRefused.toFixed(3)}`;

const measured = measure();
for (const training of [0, 1] as const) {
  const held = measured.filter((question) => question.half !== training);
  const threshold = chooseOn(measured.filter((question) => question.half === training));
  console.log(
    `chosen on half ${training}: ${threshold.toFixed(2)}; on half ${1 - training}: ${format(rates(held, threshold))}`,
  );
  console.log(`  MIN_COVERAGE ${MIN_COVERAGE} on half ${1 - training}: ${format(rates(held, MIN_COVERAGE))}`);
}
console.log(
  `chosen on the whole set: ${chooseOn(measured).toFixed(2)}; MIN_COVERAGE ${MIN_COVERAGE}: ${format(rates(measured, MIN_COVERAGE))}`,
);
