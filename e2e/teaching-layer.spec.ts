import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCredentials, createConfirmedUser } from './support/accounts';
import { createTeacher } from './support/admin';
import { apiData, personOf, screenshotAtEachWidth, signInThroughApi, VIEWPORTS } from './support/locale';
import { localDay } from './support/reports';

/**
 * Issue 23's whole teaching flow in one pass: a teacher imports a roster into a course template,
 * the students join and work, the teacher finds the team that needs them on the course overview and
 * drills into its fairness page, and the student the signal is about sees the same words about
 * themself. What each person reads, word for word, in each language.
 */
const TEXT = {
  en: {
    tab: 'Course templates',
    overviewTab: 'Course overview',
    importRoster: 'Import roster',
    importTitle: (name: string) => `Import a roster into “${name}”`,
    paste: 'Or paste the CSV text',
    preview: 'Preview',
    import: 'Import',
    done: 'Import done',
    doneText: 'Projects created: 3 · updated: 0 · invitations sent: 6.',
    close: 'Close',
    header: 'email,name,team,section,group',
    row: (email: string, name: string, team: string, section: string) =>
      `${email},${name},${team},${section},1`,
    explanation: 'Hours this week: 1.5 h vs section median 10 h',
    fairness: 'Fairness',
    fairnessTitle: /^Contribution fairness/,
    noOutput: (name: string) =>
      new RegExp(
        `^${name} reported 1.5 h but closed no task and made no commit from .* — worth a conversation\\?$`,
      ),
    carries: (name: string) => new RegExp(`^${name} closed 4 of the team's 4 closed tasks \\(100%\\)`),
  },
  es: {
    tab: 'Plantillas de curso',
    overviewTab: 'Resumen del curso',
    importRoster: 'Importar lista',
    importTitle: (name: string) => `Importar una lista en «${name}»`,
    paste: 'O pega el texto CSV',
    preview: 'Vista previa',
    import: 'Importar',
    done: 'Importación terminada',
    doneText: 'Proyectos creados: 3 · actualizados: 0 · invitaciones enviadas: 6.',
    close: 'Cerrar',
    header: 'correo;nombre;equipo;sección;grupo',
    row: (email: string, name: string, team: string, section: string) =>
      `${email};${name};${team};${section};1`,
    explanation: 'Horas esta semana: 1,5 h frente a la mediana de la sección, 10 h',
    fairness: 'Equidad',
    fairnessTitle: /^Equidad de la contribución/,
    noOutput: (name: string) =>
      new RegExp(
        `^${name} registró 1,5 h pero no cerró ninguna tarea ni hizo ningún commit del .*\\. ¿Vale la pena conversarlo\\?$`,
      ),
    carries: (name: string) =>
      new RegExp(`^${name} cerró 4 de las 4 tareas cerradas del equipo \\(100\\s%\\)`),
  },
};

type Headers = Awaited<ReturnType<typeof apiCredentials>>;

interface Student {
  name: string;
  email: string;
  team: string;
}

/** A student signs up with the roster's address and accepts the invitation the import sent. */
async function joinTeam(
  request: APIRequestContext,
  student: Student,
): Promise<{ headers: Headers; projectId: number }> {
  await createConfirmedUser(request, student.name, student.email);
  const headers = await apiCredentials(request, student.email);
  const [invitation] = await apiData<{ id: number; project_id: number }[]>(
    request.get('/api/project_invitations', { headers }),
  );
  const folders = await apiData<{ id: number }[]>(request.get('/api/folders', { headers }));
  await apiData(
    request.post(`/api/project_invitations/${invitation!.id}/accept_invitation`, {
      headers,
      data: { folder_id: folders[0]!.id },
    }),
  );
  return { headers, projectId: invitation!.project_id };
}

/** A column on the team's stamped board, where the owner adds tasks. */
async function stampedColumn(request: APIRequestContext, owner: Headers, projectId: number): Promise<number> {
  const boards = await apiData<{ id: number }[]>(
    request.get(`/api/projects/${projectId}/boards`, { headers: owner }),
  );
  const board = await apiData<{ columns: { id: number }[] }>(
    request.get(`/api/boards/${boards[0]!.id}`, { headers: owner }),
  );
  return board.columns[0]!.id;
}

async function addTask(request: APIRequestContext, owner: Headers, columnId: number, title: string) {
  return apiData<{ id: number }>(
    request.post(`/api/columns/${columnId}/tasks`, { headers: owner, data: { title } }),
  );
}

const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test.describe(`the teaching layer in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a teacher imports a roster, finds the team that needs them and drills in; the student sees the same signal', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
      const section = `L${stamp}`;
      const templateName = `Software Lab ${stamp}`;
      const teams = ['Falcon', 'Heron', 'Owl'];
      // Two students per team; the first listed becomes the team's owner.
      const students: Student[] = teams.flatMap((team, index) => [
        { name: `${team} Lead ${language}`, email: `lead${index}-${stamp}-${language}@example.edu`, team },
        { name: `${team} Mate ${language}`, email: `mate${index}-${stamp}-${language}@example.edu`, team },
      ]);

      const teacher = await createTeacher(request, language === 'en' ? 'Tess Teacher' : 'Teresa Docente');
      const teacherHeaders = await apiCredentials(request, teacher.email);
      await apiData(
        request.post('/api/course_templates', {
          headers: teacherHeaders,
          data: {
            name: templateName,
            semester: '2026-2',
            boards: [{ name: 'Team board', columns: [{ name: 'To do' }, { name: 'Done' }] }],
          },
        }),
      );

      // The teacher imports the roster on the Course templates tab.
      await signInThroughApi(page, request, teacher.email, language);
      await page.goto('/dashboard?tab=templates');
      await expect(page.getByRole('tab', { name: t.tab, selected: true })).toBeVisible();
      const card = page.getByRole('article', { name: templateName });
      await card.getByRole('button', { name: t.importRoster }).click();
      const importer = page.getByRole('dialog', { name: t.importTitle(templateName) });
      const csv = [t.header, ...students.map((s) => t.row(s.email, s.name, s.team, section))].join('\n');
      await importer.getByRole('textbox', { name: t.paste }).fill(csv);
      await importer.getByRole('button', { name: t.preview }).click();
      await importer.getByRole('button', { name: t.import, exact: true }).click();
      await expect(importer.getByText(t.done, { exact: true })).toBeVisible();
      await expect(importer.getByText(t.doneText)).toBeVisible();
      await importer.getByRole('button', { name: t.close }).last().click();

      // The students join. Heron and Owl log a normal week; in Falcon the lead closes every task
      // and the mate logs 1.5 h and closes nothing.
      const joined = [];
      for (const student of students) joined.push(await joinTeam(request, student));
      const hoursOfLead = [null, 10, 12];
      for (const [index, team] of teams.entries()) {
        const lead = joined[index * 2]!;
        const mate = joined[index * 2 + 1]!;
        const column = await stampedColumn(request, lead.headers, lead.projectId);
        const hours = hoursOfLead[index];
        if (hours) {
          const task = await addTask(request, lead.headers, column, `${team} work`);
          await apiData(
            request.post(`/api/tasks/${task.id}/hours`, {
              headers: lead.headers,
              data: { hours, date: localDay() },
            }),
          );
          continue;
        }
        const members = await apiData<{ id: number; name: string }[]>(
          request.get(`/api/projects/${lead.projectId}/members`, { headers: lead.headers }),
        );
        const leadId = members.find((member) => member.name === students[index * 2]!.name)!.id;
        for (const title of ['Login', 'Signup', 'Reset', 'Profile']) {
          const task = await addTask(request, lead.headers, column, title);
          await apiData(
            request.put(`/api/tasks/${task.id}`, {
              headers: lead.headers,
              data: { completed: true, assigned: [leadId] },
            }),
          );
        }
        const research = await addTask(request, lead.headers, column, 'Research');
        await apiData(
          request.post(`/api/tasks/${research.id}/hours`, {
            headers: mate.headers,
            data: { hours: 1.5, date: localDay() },
          }),
        );
      }

      // On the course overview, Falcon stands out, and the row says why.
      const falconName = `${templateName} · Falcon`;
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: t.overviewTab }).click();
      const falcon = page.getByRole('row', { name: new RegExp(falconName) });
      await expect(falcon).toContainText(t.explanation);
      await expect(falcon.locator('[data-flagged]')).toHaveCount(1);
      await expect(page.getByRole('row', { name: new RegExp(`${templateName} · Heron`) })).not.toContainText(
        t.explanation,
      );
      await screenshotAtEachWidth(page, `teaching-layer-overview-${language}`);

      // Drilling in: Falcon's fairness page names the questions and their evidence.
      await falcon.getByRole('link', { name: t.fairness, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/project/${joined[0]!.projectId}/fairness$`));
      await expect(page.getByRole('heading', { level: 1, name: t.fairnessTitle })).toBeVisible();
      const mateName = students[1]!.name;
      await expect(page.getByText(t.noOutput(mateName))).toBeVisible({ timeout: 30_000 }); // facts computed on open
      await expect(page.getByText(t.carries(students[0]!.name))).toBeVisible();
      await screenshotAtEachWidth(page, `teaching-layer-fairness-teacher-${language}`);

      // The mate opens the same page and reads the same signal about themself.
      const { page: matePage } = await personOf(page, browser, request, students[1]!.email, language);
      await matePage.goto(`/project/${joined[1]!.projectId}/fairness`);
      await expect(matePage.getByText(t.noOutput(mateName))).toBeVisible({ timeout: 30_000 });
      await expect(matePage.getByText(t.carries(students[0]!.name))).toBeVisible();
      await screenshotAtEachWidth(matePage, `teaching-layer-fairness-student-${language}`);
      await matePage.context().close();
    });
  });
}
