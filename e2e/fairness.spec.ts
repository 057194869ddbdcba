import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS, personOf } from './support/locale';
import { localDay } from './support/reports';
import { projectNav } from './support/project-nav';

/** What the person reads on the fairness page, word for word, in each language. */
const TEXT = {
  en: {
    nav: 'Contribution fairness',
    title: /^Contribution fairness/,
    noOutput: (name: string) =>
      new RegExp(
        `^${name} reported 6 h but closed no task and made no commit from .* — worth a conversation\\?$`,
      ),
    carries: (name: string) => new RegExp(`^${name} closed 4 of the team's 4 closed tasks \\(100%\\)`),
    closed: 'Closed tasks',
    share: /4 · 100% of the team/,
    hidden: 'Peer score: visible to the member and the owners only',
    // A student reads the rule, whether or not anyone rated them yet.
    ownScore: 'Peer score: results appear after the deadline, when at least 2 teammates have rated',
    commits: 'Not available',
    how: 'How each signal is computed',
    index: 'Closed work: 0.5',
  },
  es: {
    nav: 'Equidad de la contribución',
    title: /^Equidad de la contribución/,
    noOutput: (name: string) =>
      new RegExp(
        `^${name} registró 6 h pero no cerró ninguna tarea ni hizo ningún commit del .*\\. ¿Vale la pena conversarlo\\?$`,
      ),
    carries: (name: string) =>
      new RegExp(`^${name} cerró 4 de las 4 tareas cerradas del equipo \\(100\\s%\\)`),
    closed: 'Tareas cerradas',
    share: /4 · 100\s% del equipo/,
    hidden: 'Calificación entre pares: solo la ven el miembro y los propietarios',
    ownScore:
      'Calificación entre pares: los resultados aparecen después de la fecha límite, cuando al menos 2 miembros del equipo hayan calificado',
    commits: 'No disponible',
    how: 'Cómo se calcula cada señal',
    index: 'Trabajo cerrado: 0,5',
  },
};

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/**
 * The owner's project with the member in it; the owner closes 4 tasks (the hero), the member logs
 * 6 hours today and closes nothing (the free-rider question).
 */
async function seedTeam(request: APIRequestContext, owner: Headers, member: Headers, memberName: string) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name: 'Fair team' } }),
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
  const members = await apiData<{ id: number; name: string }[]>(
    request.get(`/api/projects/${project.id}/members`, { headers: owner }),
  );
  const ownerId = members.find((m) => m.name !== memberName)!.id;
  const board = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers: owner, data: { name: 'B' } }),
  );
  const column = await apiData<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers: owner, data: { name: 'C' } }),
  );
  const task = (title: string) =>
    apiData<{ id: number }>(
      request.post(`/api/columns/${column.id}/tasks`, { headers: owner, data: { title } }),
    );
  for (const title of ['Login', 'Signup', 'Reset', 'Profile']) {
    const { id } = await task(title);
    await apiData(
      request.put(`/api/tasks/${id}`, { headers: owner, data: { completed: true, assigned: [ownerId] } }),
    );
  }
  const open = await task('Research');
  await apiData(
    request.post(`/api/tasks/${open.id}/hours`, { headers: member, data: { hours: 6, date: localDay() } }),
  );
  return project.id;
}

const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  test.describe(`fairness in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the owner and a member see the same facts and questions; peer scores stay private', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const ownerName = language === 'en' ? 'Hana Hero' : 'Helena Heroína';
      const memberName = language === 'en' ? 'Fred Free' : 'Félix Libre';
      const owner = await createConfirmedUser(request, ownerName, uniqueEmail(`fair-owner-${language}`));
      const member = await createConfirmedUser(request, memberName, uniqueEmail(`fair-member-${language}`));
      const ownerHeaders = await signInThroughApi(page, request, owner.email, language);
      const { page: memberPage, headers: memberHeaders } = await personOf(
        page,
        browser,
        request,
        member.email,
        language,
      );
      const projectId = await seedTeam(request, ownerHeaders, memberHeaders, memberName);

      // The owner reaches the page from the project's sidebar.
      await page.goto(`/project/${projectId}`);
      await (await projectNav(page, language)).getByRole('link', { name: t.nav, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByText(t.noOutput(memberName))).toBeVisible();
      await expect(page.getByText(t.carries(ownerName))).toBeVisible();
      await expect(page.getByText(t.index)).toBeVisible();
      const hero = page.getByRole('article', { name: ownerName });
      await expect(hero).toContainText(t.share);
      await expect(hero).toContainText(t.commits);
      await expect(page.getByRole('heading', { name: t.how })).toBeVisible();
      await screenshotAtEachWidth(page, `fairness-owner-${language}`);

      // The member sees the same questions; the owner's peer score is hidden from them, theirs is not.
      await memberPage.goto(`/project/${projectId}/fairness`);
      await expect(memberPage.getByText(t.noOutput(memberName))).toBeVisible();
      await expect(memberPage.getByText(t.carries(ownerName))).toBeVisible();
      await expect(memberPage.getByRole('article', { name: ownerName })).toContainText(t.hidden);
      await expect(memberPage.getByRole('article', { name: memberName })).toContainText(t.ownScore);
      await screenshotAtEachWidth(memberPage, `fairness-member-${language}`);
      await memberPage.context().close();
    });
  });
}
