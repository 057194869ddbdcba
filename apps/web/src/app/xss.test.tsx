import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ACTIVITY_KINDS,
  CHECKLIST_TEXT_MAX_LENGTH,
  LABEL_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
  type Attachment,
  type ChecklistItem,
  type Hour,
  type Milestone,
  type TaskCommitLink,
  type TaskDetail,
  type TaskLog,
} from '@teamboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findExecutable } from '../../../../e2e/support/xss-check';
import { payloadsFitting, XSS_PAYLOADS } from '../../../../e2e/support/xss-corpus';
import { changeLanguage } from '../lib/i18n';
import { setSession } from '../lib/session';
import {
  credentials,
  makeActivity,
  makeBoard,
  makeBoardDetail,
  makeColumn,
  makeComment,
  makeFolder,
  makeInvitation,
  makeLabel,
  makeMember,
  makeProject,
  makeTask,
  makeUser,
} from '../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../test/render';

// The stored-XSS corpus (issue 7) in every user-written field the app displays today, each screen
// rendered with the real routes on stubbed API answers, then the whole document walked for anything
// that could run script. Lessons, stand-ups and evaluation answers join as one more scene each when
// those screens exist: list their fields in a `tally` call like the ones below.

/**
 * Markdown fields (descriptions, comments) take the whole corpus. A plain-text field is rendered
 * by React as a text node whatever it holds, and jsdom needs ~0.1 s per board card, so each of
 * those takes an even spread of the payloads that fit its length instead of all of them.
 */
const PER_PLAIN_FIELD = 60;
function spread(list: string[], count = PER_PLAIN_FIELD): string[] {
  const step = list.length / count;
  return Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor(i * step)]!);
}
const names = spread(payloadsFitting(NAME_MAX_LENGTH));
const labelNames = spread(payloadsFitting(LABEL_NAME_MAX_LENGTH), 20);
const titles = spread(payloadsFitting(TASK_TITLE_MAX_LENGTH));
const checklistTexts = spread(payloadsFitting(CHECKLIST_TEXT_MAX_LENGTH));
const at = (list: readonly string[], i: number) => list[i % list.length]!;
const NOW = '2026-01-10T10:00:00.000Z';

const fieldsCovered = new Set<string>();
const executable: string[] = [];
const dialogs = vi.fn();

/** Walks the rendered document, records the fields this screen showed, and expects nothing live. */
function tally(fields: string[]) {
  for (const field of fields) fieldsCovered.add(field);
  const found = findExecutable(document.body);
  executable.push(...found);
  expect(found).toEqual([]);
  expect(dialogs).not.toHaveBeenCalled();
  expect((window as { __xss?: unknown }).__xss).toBeUndefined();
}

/** The plain-text fields are shown as text: the payload is on screen, not parsed. */
function expectShownAsText(payload: string) {
  expect(document.body.textContent?.replace(/\s+/g, ' ')).toContain(payload.replace(/\s+/g, ' ').trim());
}

beforeAll(async () => {
  await Promise.all([
    import('./routes/home'),
    import('./routes/my-profile'),
    import('./routes/project/board'),
    import('./routes/project/milestones'),
    import('../features/tasks/components/task-detail'),
    preloadSignedInFrame(),
  ]);
  for (const dialog of ['alert', 'confirm', 'prompt'] as const)
    vi.spyOn(window, dialog).mockImplementation(dialogs);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

afterAll(() => {
  console.log(
    `xss (web): ${XSS_PAYLOADS.length} payloads × ${fieldsCovered.size} fields, ${executable.length} executable nodes`,
  );
});

function serve(answers: Parameters<typeof stubFetch>[0], path: string, userName = 'Ana Pérez') {
  setSession(credentials, makeUser({ name: userName }));
  vi.stubGlobal('fetch', stubFetch(answers).fetchStub);
  renderApp(path);
}

const projectsWithPayloads = () =>
  names.map((name, i) =>
    makeProject({
      id: 100 + i,
      name,
      description: at(XSS_PAYLOADS, i).slice(0, 2000),
      members: [makeMember({ id: 1000 + i, name: at(names, i + 1) })],
      folder_id: 1,
      order: i,
    }),
  );

const activityWithPayloads = () =>
  names.map((name, i) =>
    makeActivity({
      id: i + 1,
      kind: ACTIVITY_KINDS[i % ACTIVITY_KINDS.length]!,
      actor_name: name,
      project_name: at(names, i + 1),
      subject_name: at(names, i + 2),
      role: 'member',
    }),
  );

const invitationsWithPayloads = () =>
  names.map((name, i) =>
    makeInvitation({
      id: i + 1,
      sender_name: name,
      project_name: at(names, i + 1),
      project_description: at(XSS_PAYLOADS, i).slice(0, 2000),
    }),
  );

describe('findExecutable (the judge)', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href=" java&#x09;script:alert(1)">x</a>',
    '<a href="&amp;#106;avascript:alert(1)">x</a>',
    '<iframe srcdoc="x"></iframe>',
    '<form action="https://evil.example"></form>',
    '<div style="width:expression(alert(1))"></div>',
    '<svg><a xlink:href="data:text/html,x"><text>x</text></a></svg>',
    '<meta http-equiv="refresh" content="0">',
    '<img srcset="a.png 1x, javascript:alert(1) 2x">',
  ])('flags %s', (html) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(findExecutable(host)).not.toEqual([]);
  });

  it('passes what the app renders for safe text and links', () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener">x</a><img src="/api/x.png" alt="">';
    expect(findExecutable(host)).toEqual([]);
  });
});

describe.each(['en', 'es'] as const)('stored XSS corpus, rendered in %s', { timeout: 60_000 }, (language) => {
  it('Markdown: descriptions and comments', async () => {
    await changeLanguage(language);
    const { Markdown } = await import('../components/markdown');
    const { render } = await import('@testing-library/react');
    const { AppProviders } = await import('./providers');
    const { createQueryClient } = await import('../lib/query-client');
    render(
      <AppProviders queryClient={createQueryClient()}>
        {XSS_PAYLOADS.map((payload, i) => (
          <Markdown key={i} text={payload} />
        ))}
      </AppProviders>,
    );
    tally(['markdown']);
  });

  it('Home: folders, project cards, members, the activity feed and the invitations bell', async () => {
    await changeLanguage(language);
    serve(
      {
        '/folders': {
          body: {
            data: [
              makeFolder(),
              ...names.map((name, i) => makeFolder({ id: 10 + i, name, is_default: false })),
            ],
          },
        },
        '/projects': { body: { data: projectsWithPayloads() } },
        '/activity': { body: { data: activityWithPayloads(), next_cursor: null } },
        '/project_invitations/': { body: { data: invitationsWithPayloads() } },
      },
      '/home',
    );
    await waitFor(() => expectShownAsText(at(names, 3)), { timeout: 5000 });
    const bell = await screen.findByRole('button', { name: /\((pending|pendientes)\)/ });
    fireEvent.click(bell);
    await screen.findByRole('list', { name: /Invitations|Invitaciones/, hidden: true });
    tally([
      'folder name',
      'project name',
      'project description',
      'member name',
      'activity actor',
      'activity project',
      'activity subject',
      'invitation sender',
      'invitation project',
      'invitation description',
    ]);
  });

  it('Board: tabs, columns, cards, labels, assignees, members, label manager, archived tasks', async () => {
    await changeLanguage(language);
    const members = names.map((name, i) => makeMember({ id: i + 1, name, email: `m${i}@example.com` }));
    const labels = labelNames.map((name, i) => makeLabel({ id: i + 1, name }));
    const columns = names.slice(0, 8).map((name, i) => makeColumn({ id: 10 + i, name, position: i }));
    const tasks = titles.map((title, i) =>
      makeTask({
        id: 500 + i,
        title,
        position: i,
        column_id: 10 + (i % columns.length),
        labels: [labels[i % labels.length]!.id],
        assigned: [members[i % members.length]!.id],
        is_blocked: i % 2 === 0,
        commit: {
          id: i,
          message: at(titles, i + 1),
          url: i % 2 === 0 ? 'javascript:alert(1)' : at(XSS_PAYLOADS, i),
        },
      }),
    );
    const boards = names.map((name, i) => makeBoard({ id: i + 1, name, description: at(XSS_PAYLOADS, i) }));
    const project = makeProject({ role: 'owner', name: names[0]!, members });
    serve(
      {
        '/projects/7': { body: { data: project } },
        '/projects/7/members': { body: { data: members } },
        '/projects/7/invitations': { body: { data: [] } },
        '/projects/7/boards': { body: { data: boards } },
        '/projects/7/labels': { body: { data: labels } },
        '/projects/7/milestones': { body: { data: [] } },
        '/folders': { body: { data: [makeFolder()] } },
        '/boards/1': {
          body: { data: makeBoardDetail({ board: boards[0]!, columns, tasks, labels: labels }) },
        },
        '/boards/1/tasks': { body: { data: tasks.map((task) => ({ ...task, is_archived: true })) } },
      },
      '/project/7?board=1',
      names[1],
    );
    await waitFor(() => expectShownAsText(at(titles, 5)), { timeout: 10000 });
    await waitFor(() => expectShownAsText(at(names, 7)));
    tally(['board name', 'column name', 'task title', 'label name', 'commit on card', 'user name (top bar)']);
    fireEvent.click(await screen.findByRole('button', { name: /^(Members|Miembros)$/ }));
    const dialog = await screen.findByRole('dialog', { name: /^(Members|Miembros)$/ });
    await within(dialog).findAllByText(at(names, 2));
    tally(['member name']);
    const i18n = (await import('../lib/i18n')).default;
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('labels:open') }));
    const manager = await screen.findByRole('dialog', { name: i18n.t('labels:title') });
    await waitFor(() => expect(manager.textContent).toContain(labelNames[3]));
    tally(['label name (manager)']);
    fireEvent.keyDown(manager, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('boards:archived.open') }));
    const drawer = await screen.findByRole('dialog', { name: i18n.t('boards:archived.title') });
    await waitFor(() => expect(drawer.textContent).toContain(titles[7]));
    tally(['archived task title']);
  });

  it('Task detail: title, description, roadblock, commit, comments, checklist, attachments, logs, hours', async () => {
    await changeLanguage(language);
    await openTaskDetail();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain(titles[3]), { timeout: 10_000 });
    await within(dialog).findAllByText(at(names, 4));
    const i18n = (await import('../lib/i18n')).default;
    await within(dialog).findByRole('list', { name: i18n.t('tasks:commits.list') });
    tally([
      'task title (detail)',
      'description',
      'blocked reason',
      'commit message',
      'commit url',
      'commit author',
      'comment',
      'comment author',
      'checklist item',
    ]);
    const panels = { logs: 'log user', reported: 'hours user', attachments: 'attachment name' } as const;
    for (const [panel, field] of Object.entries(panels)) {
      const name = i18n.t(`tasks:panels.${panel}`);
      fireEvent.click(within(dialog).getByRole('radio', { name }));
      const region = await within(dialog).findByRole('region', { name });
      await waitFor(() => expect(region.textContent).toContain(at(names, 2)), { timeout: 10_000 });
      tally([field, ...(panel === 'logs' ? ['log value'] : [])]);
    }
  });

  it('Milestones', async () => {
    await changeLanguage(language);
    const milestones: Milestone[] = names.map((name, i) => ({
      milestone_id: i + 1,
      milestone_name: name,
      project_id: 7,
      start_date: '2026-01-01',
      deadline: '2026-02-01',
      sprint: i % 2 === 0,
    }));
    serve(
      {
        '/projects/7': { body: { data: makeProject({ role: 'owner', name: names[2]! }) } },
        '/projects/7/members': { body: { data: [makeMember()] } },
        '/projects/7/milestones': { body: { data: milestones } },
        '/folders': { body: { data: [makeFolder({ id: 1, name: names[3]!, is_default: false })] } },
      },
      '/project/7/milestone',
    );
    await waitFor(() => expectShownAsText(at(names, 9)), { timeout: 5000 });
    tally(['milestone name']);
  });

  it('Toasts that echo names, and the board presence faces', async () => {
    await changeLanguage(language);
    const { render, act } = await import('@testing-library/react');
    const { AppProviders } = await import('./providers');
    const { createQueryClient } = await import('../lib/query-client');
    const { BoardPresence } = await import('../features/boards/components/board-presence');
    const { notifyError, notifyInfo, notifySuccess, clearNotifications } = await import('../lib/notify');
    const i18n = (await import('../lib/i18n')).default;
    const users = names.map((name, i) => ({ id: i + 2, name, photo: null }));
    render(
      <AppProviders queryClient={createQueryClient()}>
        {Array.from({ length: Math.ceil(users.length / 5) }, (_, i) => (
          <BoardPresence key={i} users={users.slice(i * 5, i * 5 + 5)} currentUserId={1} />
        ))}
      </AppProviders>,
    );
    tally(['presence name']);
    // Mantine shows five toasts at a time and queues the rest: five names per round.
    for (let start = 0; start < names.length; start += 5) {
      const round = names.slice(start, start + 5);
      act(() => {
        for (const [i, name] of round.entries()) {
          const notify = [notifySuccess, notifyInfo, notifyError][i % 3]!;
          notify(i18n.t('members:removed', { name }));
        }
      });
      await waitFor(() => expectShownAsText(round.at(-1)!));
      tally(['toast name']);
      act(() => clearNotifications());
    }
  });

  it('Profile: name, git name, lab name', async () => {
    await changeLanguage(language);
    for (const [i, name] of names.entries()) {
      if (i % 8 !== 0) continue;
      setSession(credentials, makeUser({ name, gitname: at(names, i + 1), labname: at(names, i + 2) }));
      vi.stubGlobal('fetch', stubFetch({ '/folders': { body: { data: [makeFolder()] } } }).fetchStub);
      const { unmount } = renderApp('/myprofile');
      await waitFor(() => expectShownAsText(name));
      tally(['profile name', 'git name', 'lab name']);
      unmount();
    }
  });
});

async function openTaskDetail() {
  const comments = XSS_PAYLOADS.map((text, i) =>
    makeComment({ id: i + 1, text, user_name: at(names, i), user_id: 2 }),
  );
  const checklist: ChecklistItem[] = checklistTexts.map(
    (text, i) =>
      ({
        id: i + 1,
        text,
        status: i % 2 === 0 ? 'done' : 'pending',
        position: i,
        created_at: NOW,
        task_id: 5,
      }) as ChecklistItem,
  );
  const attachments: Attachment[] = names.map((name, i) => ({
    id: i + 1,
    name,
    content_type: 'application/pdf',
    size: 1000,
    created_at: NOW,
    task_id: 5,
    user_id: 1,
    url: `/api/attachments/${i + 1}/download`,
    thumbnail_url: null,
  }));
  const logs: TaskLog[] = names.map((name, i) => ({
    id: i + 1,
    task_id: 5,
    user_id: 1,
    user_name: name,
    field: ['title', 'description', 'blocked_reason', 'created', 'moved'][i % 5]!,
    old_value: at(XSS_PAYLOADS, i),
    new_value: at(XSS_PAYLOADS, i + 1),
    created_at: NOW,
  }));
  const hours: Hour[] = names.map((name, i) => ({
    id: i + 1,
    hours: 1,
    // Today: the panel opens on the current dates.
    date: dayjs().format('YYYY-MM-DD'),
    user_id: 1,
    user_name: name,
    task_id: 5,
    created_at: NOW,
  }));
  const commitLinks: TaskCommitLink[] = names.map((name, i) => ({
    id: i + 1,
    task_id: 5,
    message: at(XSS_PAYLOADS, i),
    url: i % 2 === 0 ? 'javascript:window.__xss=1' : null,
    linked_by: i % 2 === 0 ? 'hand' : 'message',
    commit:
      i % 2 === 0
        ? null
        : {
            id: i + 1,
            repository_id: 1,
            sha: String(i).padStart(40, 'a'),
            message: at(XSS_PAYLOADS, i),
            url: `javascript:window.__xss=${i}`,
            author_name: name,
            user_id: null,
            committed_at: NOW,
          },
    created_at: NOW,
  }));
  const task: TaskDetail = {
    ...makeTask({
      title: titles[3]!,
      is_blocked: true,
      commit: { id: 1, message: titles[4]!, url: 'javascript:window.__xss=1' },
    }),
    description: XSS_PAYLOADS.slice(0, 60).join('\n\n'),
    starting_date: null,
    expected_hours: null,
    blocked_reason: XSS_PAYLOADS[5]!,
    board_id: 1,
    project_id: 7,
    created_by: 1,
    created_at: NOW,
    updated_at: NOW,
  };
  serve(
    {
      '/projects/7': { body: { data: makeProject({ role: 'viewer' }) } },
      '/projects/7/members': { body: { data: [makeMember()] } },
      '/projects/7/boards': { body: { data: [makeBoard()] } },
      '/projects/7/labels': { body: { data: [] } },
      '/projects/7/milestones': { body: { data: [] } },
      '/folders': { body: { data: [makeFolder()] } },
      '/boards/1': { body: { data: makeBoardDetail({ tasks: [task] }) } },
      '/tasks/5': { body: { data: task } },
      '/tasks/5/logs': { body: { data: logs } },
      '/tasks/5/comments': { body: { data: comments } },
      '/tasks/5/checklist': { body: { data: checklist } },
      '/tasks/5/hours': { body: { data: hours } },
      '/tasks/5/attachments': { body: { data: attachments } },
      '/tasks/5/commits': { body: { data: commitLinks } },
    },
    '/project/7?board=1&task=5',
  );
}
