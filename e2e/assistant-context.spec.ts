import { expect, test } from '@playwright/test';
import { createAdmin } from './support/admin';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
} from './support/locale';

/** The task's help-bot section and the dashboard's Assistant engines tab, word for word. */
const TEXT = {
  en: {
    helpBot: 'Help bot',
    ask: 'Ask the assistant about this task',
    context: (title: string) => `About the task “${title}”`,
    message: 'Your message',
    next: 'What should I do next?',
    coach: /Project coach/,
    tab: 'Assistant engines',
    engines: 'Engines',
    tip3: 'Tip 3',
    lessons: 'Lessons learned',
    coachOption: 'Project coach',
    save: 'Save',
    saved: 'The assistant settings were saved.',
  },
  es: {
    helpBot: 'Asistente',
    ask: 'Preguntar al asistente sobre esta tarea',
    context: (title: string) => `Sobre la tarea «${title}»`,
    message: 'Tu mensaje',
    next: '¿Qué debería hacer ahora?',
    coach: /Entrenador del proyecto/,
    tab: 'Motores del asistente',
    engines: 'Motores',
    tip3: 'Consejo 3',
    lessons: 'Lecciones aprendidas',
    coachOption: 'Entrenador del proyecto',
    save: 'Guardar',
    saved: 'Se guardó la configuración del asistente.',
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];

  test.describe(`the assistant's context and engines in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a task opens the chat about itself, and the project coach answers with that project’s facts', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const student = await createConfirmedUser(request, 'Tomás Tarea', uniqueEmail(`helpbot-${language}`));
      const headers = await signInThroughApi(page, request, student.email, language);
      const title = language === 'en' ? 'Write the login page' : 'Escribir la página de ingreso';
      const project = await apiData<{ id: number }>(
        request.post('/api/projects', { headers, data: { name: `Help bot ${language}` } }),
      );
      const board = await apiData<{ id: number }>(
        request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'Sprint 1' } }),
      );
      const column = await apiData<{ id: number }>(
        request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: 'To do' } }),
      );
      const task = await apiData<{ id: number }>(
        request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title } }),
      );

      await page.goto(`/project/${project.id}?board=${board.id}&task=${task.id}`);
      await page.getByRole('button', { name: t.helpBot, exact: true }).click();
      await page.getByRole('button', { name: t.ask }).click();
      await expect(page.getByText(t.context(title))).toBeVisible();
      const message = page.getByRole('textbox', { name: t.message });
      await message.fill(t.next);
      await message.press('Enter');
      const coach = page.getByRole('article', { name: t.coach });
      await expect(coach).toBeVisible({ timeout: 20_000 });
      await expect(coach.getByRole('link', { name: new RegExp(title) }).first()).toHaveAttribute(
        'href',
        `/project/${project.id}?task=${task.id}`,
      );
      await expectNoSidewaysScroll(page);
      await screenshotAtEachWidth(page, `assistant-task-${language}`);
    });

    test('an admin reads the engines and chooses which engine writes a tip', async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await createAdmin(language === 'en' ? 'Alma Engines' : 'Alma Motores');
      await signInThroughApi(page, request, admin.email, language);
      await page.goto('/dashboard?tab=assistant');
      await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: t.engines, exact: true })).toBeVisible();
      await expect(page.getByRole('table')).toContainText(t.lessons);
      await expectNoSidewaysScroll(page);
      await screenshotAtEachWidth(page, `assistant-engines-${language}`);

      // Tip 3 from the coach to the lessons engine, saved; then back, so the shared app keeps its defaults.
      for (const option of [t.lessons, t.coachOption]) {
        await page.getByRole('combobox', { name: t.tip3, exact: true }).click();
        await page.getByRole('option', { name: new RegExp(option) }).click();
        await page.getByRole('button', { name: t.save, exact: true }).click();
        await expect(page.getByText(t.saved).last()).toBeVisible();
      }
    });
  });
}
