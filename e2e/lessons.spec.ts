import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createAdmin } from './support/admin';
import {
  apiData,
  expectNoSidewaysScroll,
  signInThroughApi,
  VIEWPORTS,
  type Language,
  personOf,
  screenshotAtEachWidth,
} from './support/locale';

/** What the person reads on the lessons screens, word for word, in each language. */
const TEXT = {
  en: {
    title: 'Lessons learned',
    write: 'Write a lesson',
    formTitle: 'Title',
    formLanguage: 'Language of the lesson',
    tags: 'Tags',
    problem: 'Problem',
    solution: 'Solution',
    previewProblem: 'Preview Problem',
    saveDraft: 'Save draft',
    submit: 'Send for approval',
    sent: 'Lesson sent for approval',
    pending: 'Awaiting approval',
    queue: 'Awaiting approval',
    published: 'Published',
    textRequired: 'The text cannot be empty.',
    tagsRequired: 'Add at least one tag.',
    tagRepeated: 'Tags cannot repeat.',
    tooManyTags: 'A lesson can have at most 5 tags.',
    userMenu: /^User menu \(\d+ lessons? to review\)$/,
    dashboardItem: /^Dashboard \(\d+ lessons? to review\)$/,
    dashboard: 'Dashboard',
    toReview: 'Lessons to review',
    approve: (title: string) => `Approve ${title}`,
    approved: 'Lesson published',
    myLessons: 'My lessons',
    search: 'Search lessons',
    results: 'Search results',
    offTopic: 'which bus lines go to the stadium on Sunday',
    noneFits: 'No lesson fits your question',
    closest: 'Closest lessons',
    fromProject: (name: string) => `From project ${name}`,
    vote: 'Vote',
    votes: (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'}`,
    report: 'Report abuse',
    reason: 'Reason (optional)',
    reportSubmit: 'Report',
    reported: 'Reported',
    lessonLanguage: 'Spanish',
    ownLesson: 'You wrote this lesson: votes and reports are for other readers.',
    reportedQueue: 'Reported, still shown',
    reportsOf: (title: string) => `Reports on ${title}`,
    shown: 'Still shown to everyone.',
    counting: '0 reports count toward hiding it; 3 are needed.',
    notCounted: 'Does not count',
    tooNew: 'The account was less than 7 days old when it reported.',
  },
  es: {
    title: 'Lecciones aprendidas',
    write: 'Escribir una lección',
    formTitle: 'Título',
    formLanguage: 'Idioma de la lección',
    tags: 'Etiquetas',
    problem: 'Problema',
    solution: 'Solución',
    previewProblem: 'Vista previa de Problema',
    saveDraft: 'Guardar borrador',
    submit: 'Enviar para aprobación',
    sent: 'Lección enviada para aprobación',
    pending: 'Pendiente de aprobación',
    queue: 'Pendientes de aprobación',
    published: 'Publicada',
    textRequired: 'El texto no puede estar vacío.',
    tagsRequired: 'Agrega al menos una etiqueta.',
    tagRepeated: 'Las etiquetas no pueden repetirse.',
    tooManyTags: 'Una lección puede tener como máximo 5 etiquetas.',
    userMenu: /^Menú de usuario \(\d+ lecci(ón|ones) por revisar\)$/,
    dashboardItem: /^Panel \(\d+ lecci(ón|ones) por revisar\)$/,
    dashboard: 'Panel',
    toReview: 'Lecciones por revisar',
    approve: (title: string) => `Aprobar ${title}`,
    approved: 'Lección publicada',
    myLessons: 'Mis lecciones',
    search: 'Buscar lecciones',
    results: 'Resultados de la búsqueda',
    offTopic: '¿qué líneas de autobús van al estadio el domingo?',
    noneFits: 'Ninguna lección responde a tu pregunta',
    closest: 'Lecciones más cercanas',
    fromProject: (name: string) => `Del proyecto ${name}`,
    vote: 'Votar',
    votes: (count: number) => `${count} ${count === 1 ? 'voto' : 'votos'}`,
    report: 'Denunciar abuso',
    reason: 'Motivo (opcional)',
    reportSubmit: 'Denunciar',
    reported: 'Denunciada',
    lessonLanguage: 'Inglés',
    ownLesson: 'Escribiste esta lección: los votos y las denuncias son para otras personas.',
    reportedQueue: 'Denunciadas, todavía visibles',
    reportsOf: (title: string) => `Denuncias de ${title}`,
    shown: 'Todavía visible para todos.',
    counting: '0 denuncias cuentan para ocultarla; se necesitan 3.',
    notCounted: 'No cuenta',
    tooNew: 'La cuenta tenía menos de 7 días cuando denunció.',
  },
};

/**
 * The lesson each pass writes, in the other language than the interface's, and the query that must
 * find it from the interface's language: search works across English and Spanish.
 */
const LESSON = {
  en: {
    title: 'Conflictos al fusionar ramas',
    tags: ['git', 'trabajo en equipo'],
    problem:
      'Dos personas cambiaron **las mismas líneas** en ramas distintas y aparecieron conflictos al fusionar.',
    solution: 'Hacer rebase a menudo sobre la rama principal y repartir las tareas por archivos.',
    query: 'merge conflicts',
  },
  es: {
    title: 'Merge conflicts between feature branches',
    tags: ['git', 'teamwork'],
    problem:
      'Two people changed **the same lines** in different branches, and merging them raised conflicts.',
    solution: 'Rebase often on the main branch and split the tasks by file.',
    query: 'conflictos al fusionar ramas',
  },
};

// Traces without DOM snapshots or screenshots: the action log and network of a failure are kept.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

/** Types each tag and presses Enter, as a person adds them. */
async function addTags(box: Locator, tags: string[]): Promise<void> {
  for (const tag of tags) {
    await box.fill(tag);
    await box.press('Enter');
  }
}

async function openLessonForm(page: Page, language: Language): Promise<Locator> {
  const t = TEXT[language];
  await page.getByRole('button', { name: t.write }).click();
  return page.getByRole('dialog', { name: t.write });
}

// The flow runs in English at desktop size and in Spanish at phone size.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  const lesson = LESSON[language];

  test.describe(`lessons in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a lesson is written, approved by an admin, found from another project, voted and reported', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const author = await createConfirmedUser(request, 'Lucía Lecciones');
      const reader = await createConfirmedUser(request, 'Rafael Reader');
      const admin = await createAdmin();
      const authorHeaders = await signInThroughApi(page, request, author.email, language);
      const capstone = await apiData<{ id: number; name: string }>(
        request.post('/api/projects', { headers: authorHeaders, data: { name: 'Capstone' } }),
      );

      // The author writes the lesson, in the other language, with two tags, and sends it for approval.
      await page.goto(`/project/${capstone.id}/lessons`);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const form = await openLessonForm(page, language);
      await form.getByRole('textbox', { name: t.formTitle }).fill(lesson.title);
      await form.getByRole('combobox', { name: t.formLanguage }).click();
      await page.getByRole('option', { name: t.lessonLanguage }).click();
      await addTags(form.getByRole('combobox', { name: t.tags }), lesson.tags);
      await form.getByRole('textbox', { name: t.problem }).fill(lesson.problem);
      await form.getByRole('textbox', { name: t.solution }).fill(lesson.solution);
      // The preview shows the Markdown as readers will see it.
      await form.getByRole('button', { name: t.previewProblem }).click();
      await expect(form.locator('strong')).toHaveText(/las mismas líneas|the same lines/);
      await expectNoSidewaysScroll(page);
      await form.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.sent, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
      await expect(page.getByText(t.pending, { exact: true })).toBeVisible();

      // The admin sees it counted on the menu's Dashboard item, reads it whole, and approves it.
      const { page: adminPage } = await personOf(page, browser, request, admin.email, language);
      await adminPage.goto('/dashboard');
      await adminPage.getByRole('button', { name: t.userMenu }).click();
      await adminPage.getByRole('menuitem', { name: t.dashboardItem }).click();
      await expect(adminPage.getByRole('heading', { level: 2, name: t.toReview })).toBeVisible();
      const queue = adminPage.getByRole('list', { name: t.queue });
      const item = queue.getByRole('listitem').filter({ hasText: lesson.title });
      await item.getByRole('button', { name: lesson.title, exact: true }).click();
      const preview = adminPage.getByRole('dialog', { name: lesson.title });
      await expect(preview).toContainText(lesson.solution);
      await adminPage.keyboard.press('Escape');
      await expect(preview).toBeHidden();
      await item.getByRole('button', { name: t.approve(lesson.title), exact: true }).click();
      await expect(adminPage.getByText(t.approved, { exact: true })).toBeVisible();
      await expect(item).toHaveCount(0);
      await expectNoSidewaysScroll(adminPage);

      // The author's own list now says it is published.
      await page.goto(`/project/${capstone.id}/lessons?tab=mine`);
      const mine = page.getByRole('list', { name: t.myLessons });
      await expect(mine.getByRole('listitem').filter({ hasText: lesson.title })).toContainText(t.published);

      // Someone of another project finds it by a query in the other language, and the URL keeps it.
      const { page: readerPage, headers: readerHeaders } = await personOf(
        page,
        browser,
        request,
        reader.email,
        language,
      );
      const compilers = await apiData<{ id: number }>(
        request.post('/api/projects', { headers: readerHeaders, data: { name: 'Compilers' } }),
      );
      await readerPage.goto(`/project/${compilers.id}/lessons`);
      // A question that shares only an everyday word ("lines") with the lesson is told that no lesson
      // fits, and sees the weak match under "Closest lessons", not as an answer.
      await readerPage.getByRole('searchbox', { name: t.search }).fill(t.offTopic);
      await expect(readerPage.getByText(t.noneFits, { exact: true })).toBeVisible();
      await expect(readerPage.getByText(t.closest, { exact: true })).toBeVisible();
      await readerPage.getByRole('searchbox', { name: t.search }).fill(lesson.query);
      await expect(readerPage.getByText(t.noneFits, { exact: true })).toBeHidden();
      await expect(readerPage).toHaveURL(/[?&]q=/);
      const results = readerPage.getByRole('list', { name: t.results });
      const result = results.getByRole('link', { name: lesson.title });
      await expect(result).toBeVisible();
      await expect(results.locator('mark').first()).toBeVisible();
      await expectNoSidewaysScroll(readerPage);
      await result.click();
      await expect(readerPage).toHaveURL(new RegExp(`/project/${compilers.id}/lessons/\\d+$`));
      await expect(readerPage.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
      await expect(readerPage.getByText(t.fromProject(capstone.name))).toBeVisible();

      // Back returns to the same search.
      await readerPage.goBack();
      await expect(readerPage.getByRole('searchbox', { name: t.search })).toHaveValue(lesson.query);
      await readerPage.goForward();

      // One vote per person, a toggle.
      const vote = readerPage.getByRole('button', { name: t.vote, exact: true });
      const votes = readerPage.getByTestId('lesson-votes');
      await expect(votes).toHaveText(t.votes(0));
      await vote.click();
      await expect(votes).toHaveText(t.votes(1));
      await expect(vote).toHaveAttribute('aria-pressed', 'true');
      await vote.click();
      await expect(votes).toHaveText(t.votes(0));
      await expect(vote).toHaveAttribute('aria-pressed', 'false');

      // A report, once; then the button says it was reported.
      await readerPage.getByRole('button', { name: t.report }).click();
      const report = readerPage.getByRole('dialog', { name: t.report });
      await report.getByRole('textbox', { name: t.reason }).fill('Spam');
      await report.getByRole('button', { name: t.reportSubmit, exact: true }).click();
      await expect(report).toBeHidden();
      await expect(readerPage.getByRole('button', { name: t.reported })).toBeDisabled();
      await readerPage.reload();
      await expect(readerPage.getByRole('button', { name: t.reported })).toBeDisabled();
      await expectNoSidewaysScroll(readerPage);

      // Its author may neither vote for it nor report it: the vote is disabled and says why.
      const lessonId = new URL(readerPage.url()).pathname.split('/').pop();
      await page.goto(`/project/${capstone.id}/lessons/${lessonId}`);
      await expect(page.getByRole('button', { name: t.vote, exact: true })).toBeDisabled();
      await expect(page.getByText(t.ownLesson)).toBeVisible();
      await expect(page.getByRole('button', { name: t.report })).toHaveCount(0);
      await screenshotAtEachWidth(page, `lessons-own-${language}`);

      // The admin sees who reported it, and why that report does not hide it: the account is new.
      await adminPage.reload();
      const reportedItem = adminPage
        .getByRole('list', { name: t.reportedQueue })
        .getByRole('listitem')
        .filter({ hasText: lesson.title });
      await expect(reportedItem).toBeVisible();
      await screenshotAtEachWidth(adminPage, `lessons-review-${language}`);
      await reportedItem.getByRole('button', { name: t.reportsOf(lesson.title) }).click();
      const reports = adminPage.getByRole('dialog', { name: t.reportsOf(lesson.title) });
      await expect(reports).toContainText(t.shown);
      await expect(reports).toContainText(t.counting);
      const reporter = reports.getByRole('listitem').filter({ hasText: reader.name });
      await expect(reporter).toContainText(reader.email);
      await expect(reporter).toContainText('Spam');
      await expect(reporter).toContainText(t.notCounted);
      await expect(reporter).toContainText(t.tooNew);
      await screenshotAtEachWidth(adminPage, `lessons-reports-${language}`);
    });

    test('the form explains empty fields, a repeated tag and a sixth one before sending', async ({
      page,
      request,
    }) => {
      const author = await createConfirmedUser(request, 'Valentina Validación');
      const headers = await signInThroughApi(page, request, author.email, language);
      const project = await apiData<{ id: number }>(
        request.post('/api/projects', { headers, data: { name: 'Forms' } }),
      );
      await page.goto(`/project/${project.id}/lessons`);
      const form = await openLessonForm(page, language);

      await form.getByRole('button', { name: t.submit }).click();
      await expect(form.getByText(t.textRequired)).toHaveCount(3);
      await expect(form.getByText(t.tagsRequired)).toBeVisible();
      await form.getByRole('button', { name: t.saveDraft }).click();
      await expect(form.getByText(t.textRequired)).toHaveCount(3);

      const tags = form.getByRole('combobox', { name: t.tags });
      await addTags(tags, ['git', 'Git']);
      await expect(form.getByText(t.tagRepeated)).toBeVisible();
      await addTags(tags, ['sql', 'react', 'ci/cd', 'c++']);
      await expect(form.getByText(t.tagRepeated)).toHaveCount(0);
      await addTags(tags, ['docker']);
      await expect(form.getByText(t.tooManyTags)).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Nothing reached the server.
      expect(await apiData<unknown[]>(request.get('/api/lessons/mine', { headers }))).toEqual([]);
    });
  });
}
