import type { EvaluationEvidenceMember, EvaluationResults } from '@teamboard/contract';
import { toCsv, type CsvValue } from '../../lib/csv';

export const SCORES = [1, 2, 3, 4, 5];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The four facts beside a rated member's rows (blank on the project block's rows). */
function factCells(facts: EvaluationEvidenceMember | undefined, t: Translate): CsvValue[] {
  if (!facts) return [null, null, null, null];
  return [facts.hours, facts.tasks_closed, facts.commits ?? t('evidence.not_available'), facts.standups];
}

/**
 * The results as the CSV file: subject, question, answered, average, count of 1..5 (scale questions).
 * With the evaluation's evidence loaded (team evaluations, for owners and staff), each member's facts
 * over the period follow on each of their rows: hours, tasks closed, commits, stand-ups. A member the
 * reader may not see yet (`withheld`) is one row naming them and saying so.
 */
export function resultsCsv(
  results: EvaluationResults,
  t: Translate,
  evidence?: readonly EvaluationEvidenceMember[],
): string {
  const questionOf = new Map(results.questions.map((question) => [question.id, question]));
  const factsOf = new Map(evidence?.map((member) => [member.user_id, member]));
  const header = [
    t('results.csv_subject'),
    t('results.csv_question'),
    t('results.csv_answered'),
    t('results.csv_average'),
    ...SCORES.map((score) => t('results.csv_count', { score })),
    ...(evidence
      ? [t('evidence.hours'), t('evidence.tasks_closed'), t('evidence.commits'), t('evidence.standups')]
      : []),
  ];
  // A withheld member is one row that says so: never an empty or missing block.
  const withheldRow = (name: string): CsvValue[] =>
    [name, t('results.csv_withheld')].concat(Array(header.length - 2).fill(null));
  const rows: CsvValue[][] = results.subjects.flatMap((subject) =>
    subject.visibility === 'withheld'
      ? [withheldRow(subject.name ?? t('results.project_block'))]
      : subject.questions
          .filter((result) => questionOf.get(result.question_id)?.kind === 'scale')
          .map((result) => [
            subject.name ?? t('results.project_block'),
            questionOf.get(result.question_id)?.text ?? '',
            result.answered,
            result.average,
            ...result.distribution,
            ...(evidence
              ? factCells(subject.subject_id === null ? undefined : factsOf.get(subject.subject_id), t)
              : []),
          ]),
  );
  return toCsv(header, rows);
}
