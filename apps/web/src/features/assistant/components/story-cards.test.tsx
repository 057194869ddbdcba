import type { AssistantStory, Board, BoardDetail, Project, TaskDetail } from '@teamboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { makeProject, makeTask } from '../../../test/fixtures';
import { json, renderWithProviders, stubApi } from '../test-helpers';
import { StoryCards } from './story-cards';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const story: AssistantStory = {
  title: 'Sign in with email',
  asA: 'student',
  iWant: 'to sign in with my email',
  soThat: 'I can see my boards',
  criteria: [{ given: 'a registered email', when: 'I sign in', then: 'I see my boards' }],
};

const projects: Project[] = [
  makeProject({ id: 7, name: 'Alpha', role: 'owner' }),
  makeProject({ id: 8, name: 'Watched', role: 'viewer' }),
];
const boards: Board[] = [
  { id: 3, name: 'Sprint 1', description: '', position: 1, labels: [], project_id: 7 },
];
const board: BoardDetail = {
  board: boards[0]!,
  version: 1,
  columns: [
    { id: 10, name: 'To do', position: 1, board_id: 3 },
    { id: 11, name: 'Doing', position: 2, board_id: 3 },
  ],
  tasks: [],
  labels: [],
};
const created: TaskDetail = {
  ...makeTask({ id: 55, title: story.title, column_id: 10 }),
  description: '',
  starting_date: null,
  expected_hours: null,
  blocked_reason: null,
  board_id: 3,
  project_id: 7,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

async function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('StoryCards', { timeout: 30_000 }, () => {
  it('words each story and its criteria in the reader’s language', async () => {
    await changeLanguage('es');
    stubApi({});
    renderWithProviders(<StoryCards stories={[story]} />);
    const card = screen.getByRole('article', { name: 'Sign in with email' });
    expect(
      within(card).getByText('Como student, quiero to sign in with my email, para I can see my boards.'),
    ).toBeTruthy();
    expect(
      within(card).getByText('Dado a registered email, cuando I sign in, entonces I see my boards.'),
    ).toBeTruthy();
  });

  it('adds a story to a board after picking project, board and column and confirming', async () => {
    const { callsTo } = stubApi({
      'GET /projects': { body: { data: projects } },
      'GET /projects/7/boards': { body: { data: boards } },
      'GET /boards/3': { body: { data: board } },
      'POST /columns/10/tasks': () => json({ data: created }, 201),
      'PUT /tasks/55': () => json({ data: { ...created, description: 'set' } }),
    });
    renderWithProviders(<StoryCards stories={[story]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to a board' }));
    await screen.findByRole('dialog', { name: 'Add “Sign in with email” to a board' });
    // Only projects where the reader may add tasks are offered.
    fireEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    expect(await screen.findByRole('option', { name: 'Alpha', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Watched', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Alpha', hidden: true }));
    await waitFor(() => expect(callsTo('GET', '/projects/7/boards')).toHaveLength(1));
    await pick('Board', 'Sprint 1');
    await pick('Column', 'To do');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('dialog', { name: 'Add this story as a task?' });
    expect(
      within(confirm).getByText(
        '“Sign in with email” becomes a task in the column To do of the board Sprint 1 (Alpha).',
      ),
    ).toBeTruthy();
    expect(callsTo('POST', '/columns/10/tasks')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add the task' }));

    expect(await screen.findByText('The story was added as a task.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the task' }).getAttribute('href')).toBe(
      '/project/7?board=3&task=55',
    );
    expect(callsTo('POST', '/columns/10/tasks')[0]?.body).toEqual({ title: 'Sign in with email' });
    expect(callsTo('PUT', '/tasks/55')[0]?.body).toEqual({
      description:
        'As a student, I want to sign in with my email, so that I can see my boards.\n\n' +
        '**Acceptance criteria**\n\n' +
        '- Given a registered email, when I sign in, then I see my boards.',
    });
  });
});
