import { expect, test } from '@playwright/test';
import { createTeacher } from './support/admin';
import { typeDay } from './support/days';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS, type Language } from './support/locale';

/** What the teacher reads on the course templates screens, word for word, in each language. */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    tab: 'Course templates',
    newTemplate: 'New template',
    editorTitle: 'New course template',
    name: 'Name',
    semester: 'Semester',
    boardName: 'Name of board 1',
    addLabel: 'Add label',
    labelName: 'Name of label 1',
    addMilestone: 'Add milestone',
    milestoneName: 'Name of milestone 1',
    start: 'Start of milestone 1',
    deadline: 'Deadline of milestone 1',
    create: 'Create template',
    created: 'The template was created.',
    summary: (boards: string) => `${boards} · 3 columns · 1 label · 1 milestone`,
    board: 'Team board',
    label: 'bug',
    milestone: 'Sprint 1',
    importRoster: 'Import roster',
    importTitle: (name: string) => `Import a roster into “${name}”`,
    paste: 'Or paste the CSV text',
    preview: 'Preview',
    problems: 'Problems to fix: 1',
    badEmail: 'email not valid',
    emailColumn: 'email',
    change: 'Change the file',
    import: 'Import',
    done: 'Import done',
    doneText: 'Projects created: 2 · updated: 0 · invitations sent: 4.',
    toCreate: 'Projects to create',
    close: 'Close',
    showProjects: 'Show team projects',
    fromProject: 'Create from project',
    fromProjectTitle: 'Create a template from a project',
    project: 'Project',
    copied: (project: string) => `The template was created from “${project}”.`,
    team: (n: number) => `Team ${n}`,
    header: 'email,name,team,section,group',
    row: (email: string, name: string, team: number) => `${email},${name},Team ${team},A,1`,
  },
  es: {
    dashboard: 'Panel',
    tab: 'Plantillas de curso',
    newTemplate: 'Nueva plantilla',
    editorTitle: 'Nueva plantilla de curso',
    name: 'Nombre',
    semester: 'Semestre',
    boardName: 'Nombre del tablero 1',
    addLabel: 'Agregar etiqueta',
    labelName: 'Nombre de la etiqueta 1',
    addMilestone: 'Agregar hito',
    milestoneName: 'Nombre del hito 1',
    start: 'Inicio del hito 1',
    deadline: 'Fecha límite del hito 1',
    create: 'Crear plantilla',
    created: 'La plantilla se creó.',
    summary: (boards: string) => `${boards} · 3 columnas · 1 etiqueta · 1 hito`,
    board: 'Tablero del equipo',
    label: 'error',
    milestone: 'Sprint 1',
    importRoster: 'Importar lista',
    importTitle: (name: string) => `Importar una lista en «${name}»`,
    paste: 'O pega el texto CSV',
    preview: 'Vista previa',
    problems: 'Problemas por corregir: 1',
    badEmail: 'correo electrónico no válido',
    emailColumn: 'correo',
    change: 'Cambiar el archivo',
    import: 'Importar',
    done: 'Importación terminada',
    doneText: 'Proyectos creados: 2 · actualizados: 0 · invitaciones enviadas: 4.',
    toCreate: 'Proyectos por crear',
    close: 'Cerrar',
    showProjects: 'Ver proyectos de equipo',
    fromProject: 'Crear desde un proyecto',
    fromProjectTitle: 'Crear una plantilla desde un proyecto',
    project: 'Proyecto',
    copied: (project: string) => `La plantilla se creó a partir de «${project}».`,
    team: (n: number) => `Equipo ${n}`,
    header: 'correo;nombre;equipo;sección;grupo',
    row: (email: string, name: string, team: number) => `${email};${name};Equipo ${team};A;1`,
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

/** A field's accessible name, with or without the asterisk of a required field. */
const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

// English at desktop size, Spanish at phone size; the screenshots cover both widths.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language as Language];

  test.describe(`course templates in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a teacher builds a template, imports a roster (a bad line first, then fixed) and sees the team projects', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const name = language === 'en' ? `Software II ${stamp}` : `Software II ${stamp} (es)`;
      const teacher = await createTeacher(request, language === 'en' ? 'Tess Teacher' : 'Teresa Docente');
      const headers = await signInThroughApi(page, request, teacher.email, language);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
      await page.getByRole('tab', { name: t.tab }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=templates$/);

      // The editor: a name, the semester, the default board, a label and a milestone.
      await page.getByRole('button', { name: t.newTemplate }).click();
      const editor = page.getByRole('dialog', { name: t.editorTitle });
      await editor.getByRole('textbox', { name: field(t.name) }).fill(name);
      await editor.getByRole('combobox', { name: field(t.semester) }).click();
      await page.getByRole('option', { name: '2026-2', exact: true }).click();
      await expect(editor.getByRole('textbox', { name: field(t.boardName) })).toHaveValue(t.board);
      await editor.getByRole('button', { name: t.addLabel }).click();
      await editor.getByRole('textbox', { name: t.labelName }).fill(t.label);
      await editor.getByRole('button', { name: t.addMilestone }).click();
      await editor.getByRole('textbox', { name: field(t.milestoneName) }).fill(t.milestone);
      // With and without leading zeros (issue 44.1).
      await typeDay(editor.getByRole('textbox', { name: t.start }), '31/8/2026', language);
      await typeDay(editor.getByRole('textbox', { name: t.deadline }), '05/02/2027', language);
      // The calendar of the last date has faded out; the editor's top, then its milestones.
      await expect(page.locator('.mantine-Popover-dropdown:visible')).toHaveCount(0);
      await screenshotAtEachWidth(page, `course-templates-editor-milestones-${language}`);
      await editor.getByRole('textbox', { name: field(t.name) }).scrollIntoViewIfNeeded();
      await screenshotAtEachWidth(page, `course-templates-editor-${language}`);
      await editor.getByRole('button', { name: t.create }).click();
      await expect(page.getByText(t.created, { exact: true })).toBeVisible();
      await expect(editor).toBeHidden();
      const templates = await apiData<{ name: string; milestones: unknown[] }[]>(
        request.get('/api/course_templates', { headers }),
      );
      expect(templates.find((template) => template.name === name)?.milestones).toEqual([
        { name: t.milestone, start_date: '2026-08-31', deadline: '2027-02-05', sprint: false },
      ]);
      const card = page.getByRole('article', { name });
      await expect(card).toContainText(t.summary(language === 'en' ? '1 board' : '1 tablero'));
      await expect(card).toContainText('2026-2');
      await screenshotAtEachWidth(page, `course-templates-tab-${language}`);

      // A roster with a bad address on line 3: the preview lists it, nothing can be imported.
      const emails = [1, 2, 3, 4].map((n) => `student${n}-${stamp}@example.edu`);
      const rows = [
        t.row(emails[0]!, 'Ana', 1),
        t.row(emails[1]!, 'Beto', 1),
        t.row(emails[2]!, 'Carla', 2),
        t.row(emails[3]!, 'Dani', 2),
      ];
      const broken = [t.header, rows[0], rows[1]!.replace('@', ' at '), rows[2], rows[3]].join('\n');
      await card.getByRole('button', { name: t.importRoster }).click();
      const importer = page.getByRole('dialog', { name: t.importTitle(name) });
      await importer.getByRole('textbox', { name: t.paste }).fill(broken);
      await importer.getByRole('button', { name: t.preview }).click();
      const problems = importer.getByRole('alert').filter({ hasText: t.problems });
      await expect(problems).toBeVisible();
      await expect(problems.getByRole('row').nth(1)).toContainText(['3', t.emailColumn, t.badEmail].join(''));
      await expect(importer.getByRole('button', { name: t.import, exact: true })).toBeDisabled();
      await screenshotAtEachWidth(page, `course-templates-preview-errors-${language}`);

      // Fixed, the preview is clean and the import makes the two team projects.
      await importer.getByRole('button', { name: t.change }).click();
      await importer.getByRole('textbox', { name: t.paste }).fill([t.header, ...rows].join('\n'));
      await importer.getByRole('button', { name: t.preview }).click();
      await expect(importer.getByText(t.toCreate)).toBeVisible();
      await expect(problems).toHaveCount(0);
      await importer.getByRole('button', { name: t.import, exact: true }).click();
      await expect(importer.getByText(t.done, { exact: true })).toBeVisible();
      await expect(importer.getByText(t.doneText)).toBeVisible();
      const links = [1, 2].map((n) => importer.getByRole('link', { name: `${name} · ${t.team(n)}` }));
      for (const link of links) await expect(link).toBeVisible();
      await screenshotAtEachWidth(page, `course-templates-import-done-${language}`);
      await importer.getByRole('button', { name: t.close }).last().click();

      // The card lists the team projects; one opens on its stamped board.
      await card.getByRole('button', { name: t.showProjects }).click();
      await card.getByRole('link', { name: `${name} · ${t.team(1)}` }).click();
      await expect(page).toHaveURL(/\/project\/\d+/);
      await expect(page.getByText(t.board).first()).toBeVisible();

      // A team project the teacher now sees becomes the source of another template.
      const project = `${name} · ${t.team(2)}`;
      await page.goto('/dashboard?tab=templates');
      await page.getByRole('button', { name: t.fromProject }).click();
      const copy = page.getByRole('dialog', { name: t.fromProjectTitle });
      await copy.getByRole('combobox', { name: field(t.project) }).click();
      await page.getByRole('option', { name: project, exact: true }).click();
      await screenshotAtEachWidth(page, `course-templates-from-project-${language}`);
      await copy.getByRole('button', { name: t.create }).click();
      await expect(page.getByText(t.copied(project), { exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name: project })).toContainText(
        t.summary(language === 'en' ? '1 board' : '1 tablero'),
      );
    });
  });
}
