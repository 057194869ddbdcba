import { expect, test } from '@playwright/test';
import { createTeacher } from './support/admin';
import { screenshotAtEachWidth, signInThroughApi, VIEWPORTS } from './support/locale';

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
