import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS, personOf } from './support/locale';
import { localDay } from './support/reports';
import { projectNav } from './support/project-nav';

/** What the owner reads on the hour-log questions page, word for word, in each language. */
const TEXT = {
  en: {
    nav: 'Hour log questions',
    title: /^Hour log questions/,
    bulk: /^6 entries for 6 different days \(8 h\) were logged within 1 minute on .+ — were they copied from notes\?$/,
    far: /^1 entry was logged more than 14 days after the day worked \(20 days later, 3 h\) — was it reconstructed/,
    quiet: (name: string) =>
      new RegExp(
        `^3 h were reported for .+, a day with no commits, task changes or comments from ${name} in this`,
      ),
    nothing: 'Nothing to ask.',
    column: 'Day worked',
    rules: 'How the questions are chosen',
    forbidden: 'You are not allowed to do that.',
  },
  es: {
    nav: 'Preguntas sobre el registro de horas',
    title: /^Preguntas sobre el registro de horas/,
    bulk: /^6 registros de 6 días distintos \(8 h\) se crearon en 1 minuto el .+: ¿se copiaron de apuntes\?$/,
    far: /^1 registro se creó más de 14 días después del día trabajado \(20 días después, 3 h\): ¿se reconstruyó/,
    quiet: (name: string) =>
      new RegExp(
        `^Se registraron 3 h para el .+, un día sin commits, cambios de tareas ni comentarios de ${name} en`,
      ),
    nothing: 'Nada que preguntar.',
    column: 'Día trabajado',
    rules: 'Cómo se eligen las preguntas',
    forbidden: 'No tienes permiso para hacer eso.',
  },
};

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/**
 * The owner's project with the member in it; the member types in, at once, an hour for each of the
 * last five days before yesterday and 3 h for a day three weeks ago (a bulk, a late entry, a quiet day).
 */
async function seedTeam(request: APIRequestContext, owner: Headers, member: Headers) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name: 'Hours team' } }),
  );
  const invitation = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/invitations`, {
      headers: owner,
      data: { email: member.uid, role: 'member' },
    }),
  );
  const folders = await apiData<{ id: number }[]>(request.get('/api/folders', { headers: member }));
  await apiData(
    request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
      headers: member,
      data: { folder_id: folders[0]!.id },
    }),
  );
  const board = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers: owner, data: { name: 'B' } }),
  );
  const column = await apiData<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers: owner, data: { name: 'C' } }),
  );
  const task = await apiData<{ id: number }>(
    request.post(`/api/columns/${column.id}/tasks`, { headers: owner, data: { title: 'Research' } }),
  );
  const log = (hours: number, date: string) =>
    apiData(request.post(`/api/tasks/${task.id}/hours`, { headers: member, data: { hours, date } }));
  await log(3, localDay(-20));
  for (const days of [6, 5, 4, 3, 2]) await log(1, localDay(-days));
  return project.id;
}

const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  test.describe(`hour-log questions in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the owner sees neutral questions with the entries behind each; a member has no way in', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const ownerName = language === 'en' ? 'Olivia Owner' : 'Olga Dueña';
      const memberName = language === 'en' ? 'Max Member' : 'Mateo Miembro';
      const owner = await createConfirmedUser(request, ownerName, uniqueEmail(`hours-owner-${language}`));
      const member = await createConfirmedUser(request, memberName, uniqueEmail(`hours-member-${language}`));
      const ownerHeaders = await signInThroughApi(page, request, owner.email, language);
      const { page: memberPage, headers: memberHeaders } = await personOf(
        page,
        browser,
        request,
        member.email,
        language,
      );
      const projectId = await seedTeam(request, ownerHeaders, memberHeaders);

      // The owner reaches the page from the project's sidebar.
      await page.goto(`/project/${projectId}`);
      await (await projectNav(page, language)).getByRole('link', { name: t.nav, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const questions = page.getByRole('region', { name: memberName });
      await expect(questions.getByText(t.bulk)).toBeVisible();
      await expect(questions.getByText(t.far)).toBeVisible();
      await expect(questions.getByText(t.quiet(memberName))).toBeVisible();
      const bulk = questions.locator('article[data-signal="bulk_after_the_fact"]');
      await expect(bulk.getByRole('columnheader', { name: t.column })).toBeVisible();
      await expect(bulk.getByRole('row')).toHaveCount(7); // the header and the six entries
      await expect(page.getByRole('region', { name: ownerName }).getByText(t.nothing)).toBeVisible();
      await expect(page.getByRole('heading', { name: t.rules })).toBeVisible();
      await screenshotAtEachWidth(page, `hour-signals-owner-${language}`);

      // A member sees no entry in the sidebar, and the address itself answers a refusal.
      await memberPage.goto(`/project/${projectId}`);
      const memberNav = await projectNav(memberPage, language);
      await expect(memberNav.getByRole('link').first()).toBeVisible();
      await expect(memberNav.getByRole('link', { name: t.nav, exact: true })).toHaveCount(0);
      await memberPage.keyboard.press('Escape');
      await memberPage.goto(`/project/${projectId}/hour-questions`);
      await expect(memberPage.getByRole('alert').filter({ hasText: t.forbidden }).first()).toBeVisible();
      await expect(memberPage.getByText(t.bulk)).toHaveCount(0);
      await memberPage.context().close();
    });
  });
}
