import type { TaskLog } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, i18nReady, loadEveryNamespace } from '../../../../lib/i18n';
import { makeMember } from '../../../../test/fixtures';
import { logSentences, type LogNames } from './log-sentences';

const names: LogNames = {
  members: [makeMember({ id: 1, name: 'Ana' }), makeMember({ id: 3, name: 'Beto' })],
  labels: [
    { id: 1, name: 'Bug', color: '#f00', project_id: 7 },
    { id: 2, name: 'Docs', color: '#00f', project_id: 7 },
  ],
  milestones: [
    {
      milestone_id: 1,
      milestone_name: 'Sprint 1',
      project_id: 7,
      start_date: '2026-11-01',
      deadline: '2026-11-15',
      sprint: true,
    },
  ],
};

function log(field: string, old_value: string | null, new_value: string | null): TaskLog {
  return { id: 1, task_id: 5, user_id: 1, user_name: 'Ana', field, old_value, new_value, created_at: '' };
}

function read(field: string, from: string | null, to: string | null): string[] {
  return logSentences(log(field, from, to), names, i18n.getFixedT(null, 'tasks'), i18n.language);
}

beforeAll(async () => {
  await i18nReady;
  await loadEveryNamespace();
});
afterEach(() => changeLanguage('en'));

/** Issue 14: the task log showed `members: → 3`, `labels: 1,2 → 1`, `bloqueada: true → false`. */
describe('task log sentences', () => {
  it('names people, labels and milestones instead of their ids (English)', () => {
    expect(read('assigned', null, '3')).toEqual(['Ana assigned Beto']);
    expect(read('assigned', '1,3', '')).toEqual(['Ana unassigned Ana and Beto']);
    expect(read('assigned', '1', '3')).toEqual(['Ana assigned Beto', 'Ana unassigned Ana']);
    expect(read('labels', '1,2', '1')).toEqual(['Ana removed the label Docs']);
    expect(read('labels', null, '1,2')).toEqual(['Ana added the labels Bug and Docs']);
    expect(read('milestone_id', null, '1')).toEqual(['Ana set the milestone to Sprint 1']);
    expect(read('milestone_id', '1', null)).toEqual(['Ana removed the milestone Sprint 1']);
    expect(read('assigned', null, '99')).toEqual(['Ana assigned a former member']);
    expect(read('moved', 'Doing', 'Done')).toEqual(['Ana moved the task from Doing to Done']);
  });

  it('shows values as the language writes them (Spanish)', async () => {
    await changeLanguage('es');
    expect(read('priority', null, 'high')).toEqual(['Ana fijó la prioridad en Alta']);
    expect(read('is_blocked', 'true', 'false')).toEqual(['Ana desbloqueó la tarea']);
    expect(read('expected_hours', null, '2.5')).toEqual(['Ana fijó las horas estimadas en 2,5']);
    expect(read('deadline', null, '2026-11-30')).toEqual(['Ana fijó la fecha límite el 30 nov 2026']);
    expect(read('assigned', null, '1,3')).toEqual(['Ana asignó a Ana y Beto']);
    expect(read('completed', 'false', 'true')).toEqual(['Ana completó la tarea']);
  });

  it('never shows a raw id, boolean or field name, in either language', async () => {
    const entries: [string, string | null, string | null][] = [
      ['created', null, 'Write'],
      ['title', 'Old', 'New'],
      ['description', 'a', 'b'],
      ['assigned', '1', '3'],
      ['labels', '1', '2'],
      ['milestone_id', null, '1'],
      ['deadline', null, '2026-11-30'],
      ['starting_date', '2026-11-01', null],
      ['is_blocked', 'false', 'true'],
      ['blocked_reason', null, 'Waiting'],
      ['expected_hours', null, '3'],
      ['priority', 'low', 'urgent'],
      ['completed', 'true', 'false'],
      ['is_archived', 'false', 'true'],
      ['commit', null, 'https://example.com/c/1'],
    ];
    for (const language of ['en', 'es'] as const) {
      await changeLanguage(language);
      for (const [field, from, to] of entries) {
        for (const sentence of read(field, from, to)) {
          expect(sentence).toMatch(/^Ana /);
          expect(sentence).not.toMatch(/\btrue\b|\bfalse\b|_id\b|→|\{\{|logs\./);
        }
      }
    }
  });
});
