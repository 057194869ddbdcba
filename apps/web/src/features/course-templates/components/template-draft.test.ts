import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, inputOf } from './template-draft';

const defaults = { board: 'Team board', columns: ['To do', 'Done'] };

describe('template drafts', () => {
  it('start with one board of the default columns and send the contract’s body', () => {
    const draft = { ...draftOf(null, defaults), name: 'Software II', year: '3', semester: '2026-2' };
    expect(inputOf(draft)).toEqual({
      name: 'Software II',
      year: 3,
      semester: '2026-2',
      boards: [{ name: 'Team board', columns: [{ name: 'To do' }, { name: 'Done' }] }],
      labels: [],
      milestones: [],
    });
    expect(draftErrors(draft)).toBeNull();
  });

  it('name each wrong field by its path, so the editor marks that very input', () => {
    const draft = draftOf(null, defaults);
    draft.boards[0]!.columns[1]!.name = ' ';
    draft.boards.push({ key: 'b2', name: 'Empty', columns: [] });
    draft.labels.push({ key: 'l1', name: 'bug', color: 'red' });
    draft.milestones.push({
      key: 'm1',
      name: 'M',
      start_date: '2026-10-02',
      deadline: '2026-10-01',
      sprint: false,
    });
    expect(draftErrors(draft)).toEqual({
      name: 'NAME_REQUIRED',
      'boards.0.columns.1.name': 'NAME_REQUIRED',
      'boards.1.columns': 'COURSE_TEMPLATE_COLUMNS_REQUIRED',
      'labels.0.color': 'COLOR_NOT_VALID',
      'milestones.0.deadline': 'DEADLINE_BEFORE_START',
    });
  });
});
