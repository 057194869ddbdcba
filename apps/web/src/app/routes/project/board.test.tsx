import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardDetail, Label, Project, TaskDetail, TaskSummary } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeMember, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';
import { rememberLastBoard } from '../../../features/boards/hooks/use-last-board';

// The route is a lazy chunk: load it once up front so the first test's `findBy` does not also wait
// for the whole board graph to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('./board'),
    import('../../../features/tasks/components/task-detail'),
    preloadSignedInFrame(),
  ]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function makeTask(overrides: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 5,
    title: 'Write report',
    position: 1,
    is_archived: false,
    completed: false,
    completed_at: null,
    labels: [],
    assigned: [],
    column_id: 10,
    total_hours: 0,
    priority: null,
    deadline: null,
    milestone_id: null,
    is_blocked: false,
    checklist_total: 0,
    checklist_done: 0,
    comments_count: 0,
    attachments_count: 0,
    commit: null,
    ...overrides,
  };
}

const board = { id: 1, name: 'Sprint board', description: '', position: 1, labels: [], project_id: 7 };
const detail: BoardDetail = {
  board,
  version: 1,
  columns: [
    { id: 10, name: 'To do', position: 1, board_id: 1 },
    { id: 11, name: 'Done', position: 2, board_id: 1 },
  ],
  tasks: [makeTask(), makeTask({ id: 6, title: 'Fix bug', position: 2 })],
  labels: [],
};
const taskDetail: TaskDetail = {
  ...makeTask(),
  description: '',
  starting_date: null,
  expected_hours: null,
  blocked_reason: null,
  board_id: 1,
  project_id: 7,
  created_by: 1,
  created_at: '2026-01-10T10:00:00.000Z',
  updated_at: '2026-01-10T10:00:00.000Z',
};

function openBoard(project: Project, path: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    [`/projects/${project.id}`]: { body: { data: project } },
    [`/projects/${project.id}/members`]: { body: { data: [makeMember()] } },
    [`/projects/${project.id}/boards`]: { body: { data: [board] } },
    [`/projects/${project.id}/labels`]: { body: { data: [] } },
    [`/projects/${project.id}/milestones`]: { body: { data: [] } },
    '/boards/1': { body: { data: detail } },
    '/columns/10/tasks': {
      status: 201,
      body: { data: { ...taskDetail, id: 8, title: 'New one', position: 3 } },
    },
    '/tasks/5': { body: { data: taskDetail } },
    '/tasks/5/logs': { body: { data: [] } },
    '/tasks/5/comments': { body: { data: [] } },
    '/tasks/5/checklist': { body: { data: [] } },
    '/tasks/5/hours': { body: { data: [] } },
    '/tasks/5/attachments': { body: { data: [] } },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderApp(path);
  return stub;
}

describe('board view', () => {
  it('shows columns and cards named by their title, draggable for editors', async () => {
    openBoard(makeProject({ role: 'owner' }), '/project/7?board=1');
    const card = await screen.findByRole('button', { name: 'Write report' });
    expect(card.getAttribute('aria-roledescription')).toBe('draggable task');
    expect(screen.getByRole('region', { name: 'Column To do' })).toBeTruthy();
    // The tabs come with the boards list, which may answer after the (prefetched) board.
    const tab = await screen.findByRole('button', { name: 'Sprint board' });
    expect(tab.getAttribute('aria-pressed')).toBe('true');
  });

  it('creates a task once when Enter is pressed twice quickly', async () => {
    const { calls } = openBoard(makeProject({ role: 'owner' }), '/project/7?board=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a task to To do' }));
    const input = await screen.findByRole('textbox', { name: 'Task title' });
    fireEvent.change(input, { target: { value: 'New one' } });
    const form = input.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    await screen.findByRole('button', { name: 'New one' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    const posts = calls.filter(
      (call) => call.url === '/api/columns/10/tasks' && call.init?.method === 'POST',
    );
    expect(posts).toHaveLength(1);
  });

  it('keeps only one board form open at a time', async () => {
    openBoard(makeProject({ role: 'owner' }), '/project/7?board=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a column' }));
    expect(await screen.findByRole('textbox', { name: 'Column name' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a task to To do' }));
    expect(await screen.findByRole('textbox', { name: 'Task title' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Column name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New board' }));
    expect(await screen.findByRole('textbox', { name: 'Board name' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Task title' })).toBeNull();
  });

  it('shows a viewer the board read-only: no create or drag controls', async () => {
    openBoard(makeProject({ role: 'viewer' }), '/project/7?board=1');
    const card = await screen.findByRole('button', { name: 'Write report' });
    expect(card.getAttribute('aria-roledescription')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a task to To do' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a column' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New board' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move column To do' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for column To do' })).toBeNull();
  });

  it('deselects the board when it is chosen again', async () => {
    openBoard(makeProject({ role: 'owner' }), '/project/7?board=1');
    await screen.findByRole('button', { name: 'Write report' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sprint board' }));
    expect(await screen.findByText('Choose a board')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write report' })).toBeNull();
  });

  it('asks before archiving or completing every task of a column', async () => {
    const stub = openBoard(makeProject({ role: 'owner' }), '/project/7?board=1', {
      'POST /columns/10/archive_tasks': { body: { data: [makeTask({ is_archived: true })] } },
    });
    const bulkCalls = () => stub.calls.filter((call) => call.url.includes('/columns/10/'));
    await screen.findByRole('button', { name: 'Write report' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for column To do' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive all tasks', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive every task in "To do"?' });
    expect(bulkCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for column To do' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive all tasks', hidden: true }));
    const again = await screen.findByRole('dialog', { name: 'Archive every task in "To do"?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Archive all' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0]!.init?.method).toBe('POST');
  });

  it('opens the first board when the project is opened without one', async () => {
    localStorage.clear();
    openBoard(makeProject({ role: 'owner' }), '/project/7');
    expect(await screen.findByRole('button', { name: 'Write report' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sprint board' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the board used last in the project, if it still exists', async () => {
    const other = { ...board, id: 2, name: 'Retro board', position: 2 };
    const otherDetail: BoardDetail = { ...detail, board: other, columns: [], tasks: [] };
    localStorage.clear();
    rememberLastBoard(makeUser().id, '7', other.id);
    openBoard(makeProject({ role: 'owner' }), '/project/7', {
      '/projects/7/boards': { body: { data: [board, other] } },
      '/boards/2': { body: { data: otherDetail } },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Retro board' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.queryByRole('button', { name: 'Write report' })).toBeNull();
  });

  it('shows one task sub-panel at a time', async () => {
    openBoard(makeProject({ role: 'owner' }), '/project/7?board=1&task=5');
    const dialog = await screen.findByRole('dialog', { name: 'Write report' });
    expect(await within(dialog).findByRole('region', { name: 'Comments' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Logs' }));
    expect(await within(dialog).findByRole('region', { name: 'Logs' })).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Comments' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Report hours' }));
    expect(await within(dialog).findByRole('region', { name: 'Report hours' })).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Logs' })).toBeNull();
  });
});

describe('milestones', () => {
  it('says the deadline cannot be before the start date', async () => {
    const { calls } = openBoard(makeProject({ role: 'owner' }), '/project/7/milestone');
    fireEvent.click(await screen.findByRole('button', { name: 'New milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'New milestone' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Sprint 1' } });
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2026-03-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Deadline/), { target: { value: '2026-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create milestone' }));
    expect(await within(dialog).findByText('the deadline cannot be before the start date')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
    // The message goes once the field is changed, not at the next submit.
    fireEvent.change(within(dialog).getByLabelText(/Deadline/), { target: { value: '2026-03-20' } });
    await waitFor(() =>
      expect(within(dialog).queryByText('the deadline cannot be before the start date')).toBeNull(),
    );
  });

  it('says it in Spanish', async () => {
    await changeLanguage('es');
    openBoard(makeProject({ role: 'owner' }), '/project/7/milestone');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo hito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo hito' });
    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Sprint 1' } });
    fireEvent.change(within(dialog).getByLabelText(/Fecha de inicio/), { target: { value: '2026-03-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Fecha límite/), { target: { value: '2026-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear hito' }));
    expect(
      await within(dialog).findByText('la fecha límite no puede ser anterior a la fecha de inicio'),
    ).toBeTruthy();
  });
});

describe('board settings and project labels', () => {
  const labels: Label[] = [
    { id: 3, name: 'Bug', color: '#fa5252', project_id: 7 },
    { id: 4, name: 'Feature', color: '#228be6', project_id: 7 },
  ];
  const withLabels = {
    '/projects/7/labels': { body: { data: labels } },
    'PUT /boards/1': {
      body: { data: { ...board, name: 'Sprint 2', description: 'Two weeks', labels: [4] } },
    },
    '/labels/3': { status: 204 },
  };

  it('saves the board name, description and offered labels', async () => {
    const { calls } = openBoard(makeProject({ role: 'owner' }), '/project/7?board=1', withLabels);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for board Sprint board' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Board settings', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Board settings' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Sprint 2' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Two weeks' } });
    fireEvent.click(within(dialog).getByLabelText('Labels offered on this board'));
    const listbox = await screen.findByRole('listbox', {
      name: 'Labels offered on this board',
      hidden: true,
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'Feature', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Board settings saved')).toBeTruthy();
    const put = calls.find((call) => call.url === '/api/boards/1' && call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      name: 'Sprint 2',
      description: 'Two weeks',
      labels: [4],
    });
    expect(await screen.findByText('Two weeks')).toBeTruthy();
  });

  it('says the name is required', async () => {
    const { calls } = openBoard(makeProject({ role: 'owner' }), '/project/7?board=1', withLabels);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for board Sprint board' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Board settings', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Board settings' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name cannot be empty.')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });

  it('asks before deleting a label, then deletes it', async () => {
    const { calls } = openBoard(makeProject({ role: 'owner' }), '/project/7?board=1', withLabels);
    await screen.findByRole('button', { name: 'Write report' });
    fireEvent.click(screen.getByRole('button', { name: 'Labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project labels' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete label Bug' }));
    expect(
      within(dialog).getByText('Delete the label "Bug"? It is removed from every task and board.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete label' }));
    expect(await screen.findByText('Label deleted')).toBeTruthy();
    const remove = calls.find((call) => call.init?.method === 'DELETE');
    expect(remove?.url).toBe('/api/labels/3');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/boards/1' && call.init?.method === 'GET').length,
      ).toBeGreaterThan(1),
    );
  });

  it('names the label manager in Spanish', async () => {
    await changeLanguage('es');
    openBoard(makeProject({ role: 'owner' }), '/project/7?board=1', withLabels);
    fireEvent.click(await screen.findByRole('button', { name: 'Etiquetas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Etiquetas del proyecto' });
    expect(await within(dialog).findByRole('button', { name: 'Eliminar la etiqueta Bug' })).toBeTruthy();
  });

  it('shows a viewer neither the labels manager nor the board settings', async () => {
    openBoard(makeProject({ role: 'viewer' }), '/project/7?board=1', withLabels);
    await screen.findByRole('button', { name: 'Write report' });
    expect(screen.getByRole('button', { name: 'Archived tasks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Labels' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for board Sprint board' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Board settings', hidden: true })).toBeNull();
  });
});
