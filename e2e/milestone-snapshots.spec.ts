import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS, type Language } from './support/locale';
import { localDay } from './support/reports';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    milestones: 'Milestones',
    open: (name: string) => `Snapshot of ${name}`,
    title: (name: string) => `Snapshot · ${name}`,
    frozen: /^Frozen at /,
    count: '1 of 1 task',
    expected: 'Expected: 2.5 h',
    hoursTable: 'Hours per member',
    hoursRow: /^Hana Hour2\.5 h2\.5 h$/,
    commits: 'Commits',
    burndown: 'Burndown',
    completed: 'Completed',
  },
  es: {
    milestones: 'Hitos',
    open: (name: string) => `Instantánea de ${name}`,
    title: (name: string) => `Instantánea · ${name}`,
    frozen: /^Congelada el /,
    count: '1 de 1 tarea',
    expected: 'Estimado: 2,5 h',
    hoursTable: 'Horas por miembro',
    hoursRow: /^Helena Hora2,5 h2,5 h$/,
    commits: 'Commits',
    burndown: 'Burndown',
    completed: 'Completada',
  },
};

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/**
 * A project whose milestone ended two days ago: one task to do (estimated 2.5 h, with 2.5 h logged
 * and a commit linked) and one done. Returns the ids a test needs.
 */
async function seed(request: APIRequestContext, owner: Headers, milestoneName: string) {
  const post = <T>(url: string, data: object) => apiData<T>(request.post(url, { headers: owner, data }));
  const project = await post<{ id: number }>('/api/projects', { name: 'Frozen team' });
  const members = await apiData<{ id: number }[]>(
    request.get(`/api/projects/${project.id}/members`, { headers: owner }),
  );
  const milestone = await post<{ milestone_id: number }>(`/api/projects/${project.id}/milestones`, {
    milestone_name: milestoneName,
    start_date: localDay(-10),
    deadline: localDay(-2),
  });
  const board = await post<{ id: number }>(`/api/projects/${project.id}/boards`, { name: 'Main' });
  const todo = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'To do' });
  const done = await post<{ id: number }>(`/api/boards/${board.id}/columns`, { name: 'Done' });
  const task = async (columnId: number, title: string, changes: object) => {
    const created = await post<{ id: number }>(`/api/columns/${columnId}/tasks`, { title });
    await apiData(
      request.put(`/api/tasks/${created.id}`, {
        headers: owner,
        data: { milestone_id: milestone.milestone_id, ...changes },
      }),
    );
    return created.id;
  };
  const login = await task(todo.id, 'Login form', { expected_hours: 2.5, assigned: [members[0]!.id] });
  await task(done.id, 'Sign-up API', { completed: true });
  await post(`/api/tasks/${login}/hours`, { hours: 2.5, date: localDay(-3) });
  await post(`/api/tasks/${login}/commits`, {
    message: 'Fix the login form',
    url: 'https://git.example.edu/team/app/commit/1a2b3c4d',
  });
  return { projectId: project.id, milestoneId: milestone.milestone_id, loginId: login, doneId: done.id };
}

const PASSES: { language: Language; viewport: (typeof VIEWPORTS)[number] }[] = [
  { language: 'en', viewport: VIEWPORTS[0] },
  { language: 'es', viewport: VIEWPORTS[1] },
];

// Traces without DOM snapshots or screenshots: the action log and network of a failure are kept.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  test.describe(`milestone snapshots in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a past milestone’s snapshot shows its frozen cards, and keeps them after the task is edited', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const name = language === 'en' ? 'Hana Hour' : 'Helena Hora';
      const milestoneName = language === 'en' ? 'Sprint 1' : 'Sprint uno';
      const owner = await createConfirmedUser(request, name, uniqueEmail(`snapshot-${language}`));
      const headers = await signInThroughApi(page, request, owner.email, language);
      const { projectId, milestoneId, loginId, doneId } = await seed(request, headers, milestoneName);

      // From the milestones screen: the milestone's deadline has passed, so it offers its snapshot.
      await page.goto(`/project/${projectId}/milestone`);
      await expect(page.getByRole('heading', { level: 1, name: t.milestones })).toBeVisible();
      await expect(page.getByRole('link', { name: t.open(milestoneName) })).toBeVisible();
      await screenshotAtEachWidth(page, `milestone-snapshots-list-${language}`);
      await page.getByRole('link', { name: t.open(milestoneName) }).click();
      await expect(page).toHaveURL(new RegExp(`/project/${projectId}/milestone/${milestoneId}/snapshot$`));
      await expect(page.getByRole('heading', { level: 1, name: t.title(milestoneName) })).toBeVisible();
      await expect(page.getByText(t.frozen)).toBeVisible();
      const todo = page.getByRole('region', { name: 'To do', exact: true });
      const card = todo.getByRole('article', { name: 'Login form' });
      await expect(card).toBeVisible();
      await expect(card).toContainText(t.expected);
      await expect(card).toContainText(name);
      await expect(todo).toContainText(t.count);
      await expect(
        page.getByRole('region', { name: 'Done', exact: true }).getByRole('article'),
      ).toContainText(t.completed);
      await expect(page.getByRole('table', { name: t.hoursTable }).getByRole('row').nth(1)).toHaveText(
        t.hoursRow,
      );
      await expect(page.getByRole('list', { name: t.commits })).toContainText('Fix the login form');
      await expect(page.getByRole('heading', { name: t.burndown })).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await screenshotAtEachWidth(page, `milestone-snapshot-${language}`);

      // The task is renamed, moved to Done and completed afterwards: the board shows it, the snapshot does not.
      await apiData(request.post(`/api/tasks/${loginId}/move`, { headers, data: { column_id: doneId } }));
      await apiData(
        request.put(`/api/tasks/${loginId}`, {
          headers,
          data: { title: 'Login form v2', completed: true, expected_hours: 8 },
        }),
      );
      await page.goto(`/project/${projectId}`);
      await expect(page.getByText('Login form v2').first()).toBeVisible();
      await page.goto(`/project/${projectId}/milestone/${milestoneId}/snapshot`);
      const frozen = page.getByRole('region', { name: 'To do', exact: true }).getByRole('article', {
        name: 'Login form',
      });
      await expect(frozen).toBeVisible();
      await expect(frozen).toContainText(t.expected);
      await expect(frozen).not.toContainText(t.completed);
      await expect(page.getByText('Login form v2')).toHaveCount(0);
    });
  });
}
