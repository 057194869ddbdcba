import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCredentials, createConfirmedUser, uniqueEmail } from './support/accounts';
import { createTeacher } from './support/admin';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
} from './support/locale';
import { csvSeparator, downloadedCsv, localDay } from './support/reports';

/** What the teacher reads on the Course overview tab, word for word, in each language. */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    tab: 'Course overview',
    heading: 'Course overview',
    section: 'Section',
    sortHours: 'Sort by Hours this week',
    explanation: 'Hours this week: 1.5 h vs section median 10 h',
    showing: (shown: number) => new RegExp(`^${shown} of \\d+ teams$`),
    fairness: 'Fairness',
    fairnessTitle: /^Contribution fairness/,
    download: 'Download CSV',
    csvHeader: 'Team,Year,Semester,Section,Group,Placement,Members,Hours this week',
    actions: (name: string) => `Actions for ${name}`,
    edit: 'Edit',
    editTitle: 'Edit project',
    courseLegend: 'Place in the course',
    semester: 'Semester',
    save: 'Save',
    saved: 'Project saved',
  },
  es: {
    dashboard: 'Panel',
    tab: 'Resumen del curso',
    heading: 'Resumen del curso',
    section: 'Sección',
    sortHours: 'Ordenar por Horas esta semana',
    explanation: 'Horas esta semana: 1,5 h frente a la mediana de la sección, 10 h',
    showing: (shown: number) => new RegExp(`^${shown} de \\d+ equipos$`),
    fairness: 'Equidad',
    fairnessTitle: /^Equidad de la contribución/,
    download: 'Descargar CSV',
    csvHeader: 'Equipo;Año;Semestre;Sección;Grupo;Ubicación;Miembros;Horas esta semana',
    actions: (name: string) => `Acciones de ${name}`,
    edit: 'Editar',
    editTitle: 'Editar proyecto',
    courseLegend: 'Ubicación en el curso',
    semester: 'Semestre',
    save: 'Guardar',
    saved: 'Proyecto guardado',
  },
};

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

/** A student's public team project placed in `section`, with `hours` logged today on one task. */
async function seedTeam(
  request: APIRequestContext,
  owner: Headers,
  name: string,
  section: string | null,
  hours: number,
) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name } }),
  );
  if (section !== null)
    await apiData(
      request.put(`/api/projects/${project.id}`, {
        headers: owner,
        data: { course: { semester: '2026-2', section, group: `G-${name.split(' ')[0]}` } },
      }),
    );
  const board = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers: owner, data: { name: 'Board' } }),
  );
  const column = await apiData<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers: owner, data: { name: 'Doing' } }),
  );
  const task = await apiData<{ id: number }>(
    request.post(`/api/columns/${column.id}/tasks`, { headers: owner, data: { title: 'Build it' } }),
  );
  await apiData(
    request.post(`/api/tasks/${task.id}/hours`, { headers: owner, data: { hours, date: localDay() } }),
  );
  // A sprint running today with both tasks, one done, and today's stand-up: the mood and burndown cells.
  const sprint = await apiData<{ milestone_id: number }>(
    request.post(`/api/projects/${project.id}/milestones`, {
      headers: owner,
      data: { milestone_name: 'Sprint 3', start_date: localDay(-3), deadline: localDay(10), sprint: true },
    }),
  );
  const second = await apiData<{ id: number }>(
    request.post(`/api/columns/${column.id}/tasks`, { headers: owner, data: { title: 'Test it' } }),
  );
  await apiData(
    request.put(`/api/tasks/${task.id}`, { headers: owner, data: { milestone_id: sprint.milestone_id } }),
  );
  await apiData(
    request.put(`/api/tasks/${second.id}`, {
      headers: owner,
      data: { milestone_id: sprint.milestone_id, completed: true },
    }),
  );
  await apiData(
    request.post(`/api/projects/${project.id}/standups`, {
      headers: owner,
      data: { did: 'Planned', will_do: 'Build', hours: 2, stress: 2, feeling: hours > 11 ? 5 : 4 },
    }),
  );
  return project.id;
}

// English at desktop size, Spanish at phone size; the screenshots cover both widths.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test.describe(`course overview in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a teacher sees a flagged team with its explanation, filters by section and opens its fairness page', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
      const section = `S${stamp}`;
      const other = `T${stamp}`;
      // Three teams of one section (10 h, 12 h, and the outlier's 1.5 h) and one team of another.
      const names = [`Rocket ${stamp}`, `Comet ${stamp}`, `Snail ${stamp}`, `Other ${stamp}`];
      const owners = await Promise.all(
        names.map(async (name, index) => {
          const owner = await createConfirmedUser(
            request,
            `Owner ${index + 1}`,
            uniqueEmail(`owner${index}`),
          );
          return apiCredentials(request, owner.email);
        }),
      );
      const ids = [
        await seedTeam(request, owners[0]!, names[0]!, section, 10),
        await seedTeam(request, owners[1]!, names[1]!, section, 12),
        await seedTeam(request, owners[2]!, names[2]!, section, 1.5),
        await seedTeam(request, owners[3]!, names[3]!, null, 1),
      ];

      // The fourth team's owner places it in the other section in the project's settings.
      const ownerContext = await browser.newContext({
        viewport: page.viewportSize(),
        baseURL: test.info().project.use.baseURL,
      });
      const ownerPage = await ownerContext.newPage();
      await signInThroughApi(ownerPage, request, owners[3]!.uid, language);
      await ownerPage.goto('/home');
      await ownerPage.getByRole('button', { name: t.actions(names[3]!) }).click();
      await ownerPage.getByRole('menuitem', { name: t.edit }).click();
      const modal = ownerPage.getByRole('dialog', { name: t.editTitle });
      await expect(modal.getByRole('group', { name: t.courseLegend })).toBeVisible();
      await modal.getByRole('textbox', { name: t.section }).fill(other);
      await modal.getByRole('combobox', { name: t.semester }).click();
      await ownerPage.getByRole('option', { name: '2026-2', exact: true }).click();
      await screenshotAtEachWidth(ownerPage, `course-placement-${language}`);
      await modal.getByRole('button', { name: t.save }).click();
      await expect(ownerPage.getByText(t.saved, { exact: true })).toBeVisible();
      await ownerContext.close();
      const placed = await apiData<{ course: Record<string, string | null> }>(
        request.get(`/api/projects/${ids[3]}`, { headers: owners[3]! }),
      );
      expect(placed.course).toEqual({ year: null, semester: '2026-2', section: other, group: null });
      const teacher = await createTeacher(request, language === 'en' ? 'Tess Teacher' : 'Teresa Docente');
      await signInThroughApi(page, request, teacher.email, language);

      // The teacher opens the tab and finds the snail flagged, with the reason in words.
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
      await page.getByRole('tab', { name: t.tab }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=course$/);
      await expect(page.getByRole('heading', { name: t.heading, level: 2 })).toBeVisible();
      const snail = page.getByRole('row', { name: new RegExp(names[2]!) });
      await expect(snail).toContainText(t.explanation);
      await expect(snail.locator('[data-flagged]')).toHaveCount(1);
      await expect(page.getByRole('row', { name: new RegExp(names[0]!) })).not.toContainText(t.explanation);

      // Only the section's three teams once it is chosen; sorted by hours, the snail comes first.
      await page.getByRole('combobox', { name: t.section }).click();
      await page.getByRole('option', { name: section, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`section=${section}`));
      await expect(page.getByText(t.showing(3))).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(names[3]!) })).toHaveCount(0);
      await page.getByRole('button', { name: t.sortHours }).click();
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText(names[2]!);
      await expect(rows.nth(2)).toContainText(names[1]!);
      await expectNoSidewaysScroll(page);
      await screenshotAtEachWidth(page, `course-overview-${language}`);

      // The CSV holds the rows shown, in the order shown, headed in the reader's language.
      const lines = (await downloadedCsv(page, t.download))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]!.startsWith(t.csvHeader)).toBe(true);
      expect(lines.slice(1).map((line) => line.split(csvSeparator(language))[0])).toEqual([
        names[2],
        names[0],
        names[1],
      ]);

      // Drilling into the flagged team: its fairness page, read-only for the teacher.
      await page
        .getByRole('row', { name: new RegExp(names[2]!) })
        .getByRole('link', { name: t.fairness, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/project/${ids[2]}/fairness$`));
      await expect(page.getByRole('heading', { level: 1, name: t.fairnessTitle })).toBeVisible();

      // Back on the overview, the filter and the order are still there.
      await page.goBack();
      await expect(page.getByText(t.showing(3))).toBeVisible();
      await expect(page.locator('tbody tr').nth(0)).toContainText(names[2]!);
    });
  });
}
