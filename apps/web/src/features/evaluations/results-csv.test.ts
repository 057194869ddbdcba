import type { EvaluationEvidenceMember, EvaluationResults } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, i18nReady, loadEveryNamespace } from '../../lib/i18n';
import { resultsCsv } from './results-csv';

const question = (id: number, kind: 'scale' | 'text', text: string) => ({ id, position: id, kind, text });
const rated = (questionId: number, average: number) => ({
  question_id: questionId,
  answered: 2,
  average,
  distribution: [0, 0, 1, 1, 0],
  texts: [],
});

const results: EvaluationResults = {
  evaluation_id: 4,
  type: 'team',
  status: 'expired',
  questions: [question(1, 'scale', 'Shares the work'), question(2, 'text', 'Comments')],
  members_count: 3,
  submitted_count: 2,
  withheld: null,
  subjects: [
    {
      subject_id: 10,
      name: 'Ana',
      visibility: 'aggregate',
      raters: 2,
      average: 3.5,
      questions: [rated(1, 3.5), rated(2, 0)],
      ratings: null,
    },
    {
      subject_id: 11,
      name: 'Beto',
      visibility: 'aggregate',
      raters: 2,
      average: 3.5,
      questions: [rated(1, 3.5)],
      ratings: null,
    },
  ],
};

const evidence: EvaluationEvidenceMember[] = [
  { user_id: 10, name: 'Ana', hours: 12.5, tasks_closed: 2.5, commits: null, standups: 4 },
  { user_id: 11, name: 'Beto', hours: 1.25, tasks_closed: 0, commits: null, standups: 0 },
];

const rows = (csv: string) => csv.replace('\uFEFF', '').trimEnd().split('\r\n');
const csv = (withEvidence?: EvaluationEvidenceMember[]) =>
  rows(resultsCsv(results, i18n.getFixedT(null, 'evaluations'), withEvidence));

beforeAll(async () => {
  await i18nReady;
  await loadEveryNamespace();
});
afterEach(() => changeLanguage('en'));

describe('evaluation results CSV', () => {
  it('puts each member’s facts beside their rows, in the reader’s language: `,` and dots in English, `;` and commas in Spanish', async () => {
    expect(csv(evidence)).toEqual([
      'Subject,Question,Answered,Average,Count of 1,Count of 2,Count of 3,Count of 4,Count of 5,Hours,Tasks closed,Commits,Stand-ups',
      'Ana,Shares the work,2,3.5,0,0,1,1,0,12.5,2.5,No repository,4',
      'Beto,Shares the work,2,3.5,0,0,1,1,0,1.25,0,No repository,0',
    ]);
    await changeLanguage('es');
    const [header, ana] = csv([{ ...evidence[0]!, commits: 7 }]);
    expect(header).toContain('Horas');
    expect(ana).toBe('Ana;Shares the work;2;3,5;0;0;1;1;0;12,5;2,5;7;4');
  });

  it('says so on one row for a member the reader may not see yet, never an empty block', async () => {
    const withheld = {
      ...results,
      subjects: [
        results.subjects[0]!,
        {
          subject_id: 12,
          name: 'Ciro',
          visibility: 'withheld' as const,
          raters: null,
          average: null,
          questions: [],
          ratings: null,
        },
      ],
    };
    const t = i18n.getFixedT(null, 'evaluations');
    expect(rows(resultsCsv(withheld, t)).at(-1)).toBe('Ciro,Withheld: fewer than 2 people rated,,,,,,,');
    await changeLanguage('es');
    expect(rows(resultsCsv(withheld, i18n.getFixedT(null, 'evaluations'))).at(-1)).toBe(
      'Ciro;Reservado: menos de 2 personas calificaron;;;;;;;',
    );
  });

  it('has no fact columns while the facts are not loaded, and blank facts for a member without any', () => {
    expect(csv()[0]!.split(',')).toHaveLength(9);
    expect(csv([evidence[0]!])[2]).toBe('Beto,Shares the work,2,3.5,0,0,1,1,0,,,,');
  });
});
