import { expect, test } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createAdmin } from './support/admin';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
  personOf,
} from './support/locale';

/** What the people read on the knowledge screens, word for word, in each language. */
const TEXT = {
  en: {
    dashboard: 'Dashboard',
    lessonsTab: 'Lessons to review',
    tab: 'Knowledge forms',
    newForm: 'New form',
    modalTitle: 'New knowledge form',
    title: /^Title/,
    section: 'Section',
    item: (n: number) => `Item ${n}`,
    addItem: 'Add item',
    create: 'Create form',
    created: 'The form was created.',
    open: 'Open',
    everyone: 'Everyone',
    profile: 'My profile',
    comment: (item: string) => `Comment on ${item} (optional)`,
    save: 'Save answers',
    saved: 'Your answers were saved. You can change them until the form closes.',
    results: 'Results',
    resultsTitle: (title: string) => `Results: ${title}`,
    distribution: 'Distribution per item',
    answers: 'Answers',
    average: 'Average',
    download: 'Download CSV',
    comments: { git: 'Daily, in every project', sql: 'Only the basics' },
  },
  es: {
    dashboard: 'Panel',
    lessonsTab: 'Lecciones por revisar',
    tab: 'Formularios de conocimientos',
    newForm: 'Nuevo formulario',
    modalTitle: 'Nuevo formulario de conocimientos',
    title: /^Título/,
    section: 'Sección',
    item: (n: number) => `Ítem ${n}`,
    addItem: 'Agregar ítem',
    create: 'Crear formulario',
    created: 'El formulario se creó.',
    open: 'Abierto',
    everyone: 'Todos',
    profile: 'Mi perfil',
    comment: (item: string) => `Comentario sobre ${item} (opcional)`,
    save: 'Guardar respuestas',
    saved: 'Tus respuestas se guardaron. Puedes cambiarlas hasta que el formulario se cierre.',
    results: 'Resultados',
    resultsTitle: (title: string) => `Resultados: ${title}`,
    distribution: 'Distribución por ítem',
    answers: 'Respuestas',
    average: 'Promedio',
    download: 'Descargar CSV',
    comments: { git: 'A diario, en cada proyecto', sql: 'Solo lo básico' },
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

// English at desktop size, Spanish at phone size; the screenshots cover both widths.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test.describe(`knowledge forms in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a teacher creates a form, a student of its section fills it on My profile, the teacher reads the results', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const section = `S${stamp}`.slice(0, 12);
      const title = language === 'en' ? `Tools we use ${stamp}` : `Herramientas que usamos ${stamp}`;
      // The dashboard's staff: an administrator (the one account type the app lets an operator make).
      const staff = await createAdmin(language === 'en' ? 'Tess Teacher' : 'Teresa Docente');
      const student = await createConfirmedUser(
        request,
        language === 'en' ? 'Sam Student' : 'Sara Estudiante',
      );
      await signInThroughApi(page, request, staff.email, language);
      const { page: studentPage, headers: studentHeaders } = await personOf(
        page,
        browser,
        request,
        student.email,
        language,
      );
      await apiData(request.put('/api/auth', { headers: studentHeaders, data: { section, group: '2' } }));

      // The staff member creates the form for the student's section on the dashboard's tab.
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.lessonsTab })).toBeVisible();
      await page.getByRole('tab', { name: t.tab }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=knowledge$/);
      await page.getByRole('button', { name: t.newForm }).click();
      const modal = page.getByRole('dialog', { name: t.modalTitle });
      await modal.getByRole('textbox', { name: t.title }).fill(title);
      await modal.getByRole('textbox', { name: t.section, exact: true }).fill(section);
      await modal.getByRole('textbox', { name: t.item(1) }).fill('Git');
      await modal.getByRole('button', { name: t.addItem }).click();
      await modal.getByRole('textbox', { name: t.item(2) }).fill('SQL');
      await screenshotAtEachWidth(page, `knowledge-new-form-${language}`);
      await modal.getByRole('button', { name: t.create }).click();
      await expect(page.getByText(t.created, { exact: true })).toBeVisible();
      await expect(modal).toBeHidden();
      const card = page.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(card.getByText(t.open, { exact: true })).toBeVisible();
      await expect(card).toContainText(section);
      await screenshotAtEachWidth(page, `knowledge-dashboard-${language}`);

      // The student rates both items on My profile and saves.
      await studentPage.goto('/myprofile');
      await expect(studentPage.getByRole('heading', { level: 1, name: t.profile })).toBeVisible();
      const form = studentPage.getByRole('article', { name: title });
      await expect(form).toBeVisible();
      await form.getByRole('radiogroup', { name: 'Git' }).getByRole('radio', { name: '5' }).check();
      await form.getByRole('textbox', { name: t.comment('Git') }).fill(t.comments.git);
      await form.getByRole('radiogroup', { name: 'SQL' }).getByRole('radio', { name: '2' }).check();
      await form.getByRole('textbox', { name: t.comment('SQL') }).fill(t.comments.sql);
      await expectNoSidewaysScroll(studentPage);
      await form.getByRole('button', { name: t.save }).click();
      await expect(studentPage.getByText(t.saved, { exact: true })).toBeVisible();
      await screenshotAtEachWidth(studentPage, `knowledge-profile-${language}`);

      // Saved: a new visit shows the answers, and they can still be changed while the form is open.
      await studentPage.reload();
      const again = studentPage.getByRole('article', { name: title });
      await expect(
        again.getByRole('radiogroup', { name: 'Git' }).getByRole('radio', { name: '5' }),
      ).toBeChecked();
      await expect(again.getByRole('textbox', { name: t.comment('SQL') })).toHaveValue(t.comments.sql);
      await again.getByRole('radiogroup', { name: 'SQL' }).getByRole('radio', { name: '3' }).check();
      await again.getByRole('button', { name: t.save }).click();
      await expect(studentPage.getByText(t.saved, { exact: true }).first()).toBeVisible();

      // The staff member reads the results: the distribution and the student's row.
      await card.getByRole('link', { name: t.results }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.resultsTitle(title) })).toBeVisible();
      const distribution = page.getByRole('region', { name: t.distribution });
      await expect(distribution.getByRole('row', { name: /^Git/ })).toContainText('5');
      const answers = page.getByRole('region', { name: t.answers });
      const row = answers.getByRole('row', { name: new RegExp(`^${student.name}`) });
      await expect(row).toContainText(section);
      await expect(row).toContainText(t.comments.git);
      await expect(row).toContainText('3');
      await expect(page.getByRole('button', { name: t.download })).toBeEnabled();
      await screenshotAtEachWidth(page, `knowledge-results-${language}`);
      await studentPage.context().close();
    });
  });
}
