import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createTeacher } from './support/admin';
import { label } from './support/labels';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS, type Language } from './support/locale';

/** What the teacher reads, word for word, in each language. */
const TEXT = {
  en: {
    tab: 'Course templates',
    newTemplate: 'New template',
    editorTitle: 'New course template',
    name: 'Name',
    question: 'Discard your changes?',
    keep: 'Keep editing',
    discard: 'Discard',
  },
  es: {
    tab: 'Plantillas de curso',
    newTemplate: 'Nueva plantilla',
    editorTitle: 'Nueva plantilla de curso',
    name: 'Nombre',
    question: '¿Descartar los cambios?',
    keep: 'Seguir editando',
    discard: 'Descartar',
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

// English at desktop size, Spanish at phone size (where the editor fills the screen).
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test(`Esc in the template editor asks before discarding typed content (${language}, ${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const teacher = await createTeacher(request, language === 'en' ? 'Tess Teacher' : 'Teresa Docente');
    await signInThroughApi(page, request, teacher.email, language);
    await page.goto('/dashboard?tab=templates');
    const editor = page.getByRole('dialog', { name: t.editorTitle });
    const question = page.getByRole('dialog', { name: t.question });
    const nameField = editor.getByRole('textbox', { name: new RegExp(`^${t.name}\\s*\\*?$`) });

    // Nothing typed: Esc closes at once, as before.
    await page.getByRole('button', { name: t.newTemplate }).click();
    await expect(nameField).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await expect(question).toHaveCount(0);

    // Typed content: Esc asks; "Keep editing" returns to the editor with the text.
    await page.getByRole('button', { name: t.newTemplate }).click();
    await nameField.fill('Software II');
    await page.keyboard.press('Escape');
    await expect(question.getByRole('button', { name: t.keep })).toBeFocused();
    // The form stays in view behind the question, so the person sees what they would lose.
    await expect(nameField).toBeInViewport();
    await screenshotAtEachWidth(page, `discard-guard-question-${language}`);
    await question.getByRole('button', { name: t.keep }).click();
    await expect(question).toBeHidden();
    await expect(nameField).toHaveValue('Software II');

    // Asked again, "Discard" closes the editor; opened anew, it is empty.
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: t.discard }).click();
    await expect(editor).toBeHidden();
    await page.getByRole('button', { name: t.newTemplate }).click();
    await expect(nameField).toHaveValue('');
  });
}

/** A project with one board and its "To do" column, made through the API by its owner. */
async function seedBoard(page: Page, request: APIRequestContext, language: Language) {
  const owner = await createConfirmedUser(request, language === 'en' ? 'Owen Owner' : 'Olga Dueña');
  const headers = await signInThroughApi(page, request, owner.email, language);
  const post = (path: string, data: object) => apiData<{ id: number }>(request.post(path, { headers, data }));
  const project = await post('/api/projects', { name: 'Guarded forms' });
  const board = await post(`/api/projects/${project.id}/boards`, { name: 'Sprint board' });
  await post(`/api/boards/${board.id}/columns`, { name: 'To do' });
  return { projectId: project.id, boardId: board.id };
}

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  const l = (namespace: string, key: string, values?: Record<string, string>) =>
    label(language, namespace, key, values);

  test(`Esc asks in the task, board and milestone forms; the stand-up and evaluation pages keep their text (${language}, ${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { projectId, boardId } = await seedBoard(page, request, language);
    const question = page.getByRole('dialog', { name: t.question });

    /** Esc on a form with typed `text` asks; "Keep editing" keeps it, then "Discard" drops it. */
    async function escapeAsksThenDiscard(field: Locator, text: string, form: Locator) {
      await field.fill(text);
      await page.keyboard.press('Escape');
      await expect(question.getByRole('button', { name: t.keep })).toBeFocused();
      await question.getByRole('button', { name: t.keep }).click();
      await expect(question).toBeHidden();
      await expect(field).toHaveValue(text);
      await field.focus();
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: t.discard }).click();
      await expect(form).toBeHidden();
    }

    // New task, then new board: the board's inline forms.
    await page.goto(`/project/${projectId}?board=${boardId}`);
    const column = page.getByRole('region', { name: l('boards', 'column.region', { name: 'To do' }) });
    const addTask = column.getByRole('button', { name: l('boards', 'task.add_to', { name: 'To do' }) });
    const taskTitle = column.getByRole('textbox', { name: l('boards', 'task.title_input') });
    await addTask.click();
    await page.keyboard.press('Escape'); // nothing typed: closes at once
    await expect(taskTitle).toBeHidden();
    await expect(question).toHaveCount(0);
    await addTask.click();
    await escapeAsksThenDiscard(taskTitle, 'Write the report', taskTitle);
    await addTask.click();
    await expect(taskTitle).toHaveValue(''); // discarded means gone, not hidden away

    const newBoard = page.getByRole('button', { name: l('boards', 'board.create'), exact: true });
    const boardName = page.getByRole('textbox', { name: l('boards', 'board.name') });
    await newBoard.click();
    await page.keyboard.press('Escape');
    await expect(boardName).toBeHidden();
    await newBoard.click();
    await escapeAsksThenDiscard(boardName, 'Roadmap', boardName);

    // The milestone dialog.
    await page.goto(`/project/${projectId}/milestone`);
    const newMilestone = page.getByRole('button', { name: l('milestones', 'create'), exact: true });
    const milestone = page.getByRole('dialog', { name: l('milestones', 'create_title') });
    const milestoneName = milestone.getByRole('textbox', { name: new RegExp(`^${l('milestones', 'name')}`) });
    await newMilestone.click();
    await expect(milestoneName).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(milestone).toBeHidden();
    await expect(question).toHaveCount(0);
    await newMilestone.click();
    await escapeAsksThenDiscard(milestoneName, 'Release 1', milestone);

    // The stand-up and the evaluation are forms on their own pages: Esc leaves the typed text.
    for (const [path, field] of [
      ['standupreports', page.getByRole('textbox', { name: new RegExp(`^${l('standups', 'form.did')}`) })],
      [
        'evaluations/new',
        page.getByRole('textbox', { name: new RegExp(`^${l('evaluations', 'form.title')}`) }),
      ],
    ] as const) {
      await page.goto(`/project/${projectId}/${path}`);
      await field.fill('Typed before a stray Esc');
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(field).toHaveValue('Typed before a stray Esc');
    }
  });
}
