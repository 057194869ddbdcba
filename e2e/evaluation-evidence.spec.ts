import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiCredentials, createConfirmedUser, uniqueEmail } from './support/accounts';
import { createTeacher } from './support/admin';
import { apiData, screenshotAtEachWidth, signInThroughApi, VIEWPORTS } from './support/locale';
import { csvSeparator, localDay } from './support/reports';

/** What the member reads beside the rating questions, word for word, in each language. */
const TEXT = {
  en: {
    about: (name: string) => `About ${name}`,
    facts: (name: string) => `Facts about ${name}`,
    intro: 'Facts beside your ratings',
    // The team started today: a one-day period.
    notGrade: /did on .*\. Facts, not a grade/,
    firstDay: /project’s first day.*Up to today/,
    how: 'How each fact is counted',
    download: 'Download CSV',
    half: /split equally among its assignees \(two assignees: half each\)/,
    labels: ['Hours', 'Tasks closed', 'Commits', 'Stand-ups'],
    noRepository: 'No repository',
    // The decimal point.
    hero: ['3.5', '2.5'],
    shared: '0.5',
    resultsIntro: 'Facts beside the ratings',
    resultsNotGrade: /did on .*\. Facts, not a grade: read them beside each person’s peer ratings/,
    overall: (value: string) => `Overall average: ${value}`,
    lowAverage: '1.5',
  },
  es: {
    about: (name: string) => `Sobre ${name}`,
    facts: (name: string) => `Datos de ${name}`,
    intro: 'Datos junto a tus calificaciones',
    notGrade: /hizo cada persona el .*\. Son datos, no una nota/,
    firstDay: /primer día del proyecto.*Hasta hoy/,
    how: 'Cómo se cuenta cada dato',
    download: 'Descargar CSV',
    half: /repartida por igual entre sus asignados \(dos asignados: la mitad cada uno\)/,
    labels: ['Horas', 'Tareas cerradas', 'Commits', 'Reportes diarios'],
    noRepository: 'Sin repositorio',
    // The decimal comma.
    hero: ['3,5', '2,5'],
    shared: '0,5',
    resultsIntro: 'Datos junto a las calificaciones',
    resultsNotGrade: /hizo cada persona el .*\. Son datos, no una nota: léelos junto a las calificaciones/,
    overall: (value: string) => `Promedio general: ${value}`,
    lowAverage: '1,5',
  },
};

const NAMES = {
  en: { hero: 'Hana Hero', shared: 'Sam Shared', freeRider: 'Fred Free', me: 'Mia Member' },
  es: { hero: 'Helena Heroína', shared: 'Sara Compartida', freeRider: 'Félix Libre', me: 'Marta Miembro' },
};

/** What the owner writes, in the interface's language. */
const ENTRY = {
  en: {
    project: 'Evidence team',
    title: 'Sprint 1 peer review',
    description: 'Rate how each teammate worked.',
    question: 'Delivery',
  },
  es: {
    project: 'Equipo con datos',
    title: 'Evaluación entre pares del sprint 1',
    description: 'Califica cómo trabajó cada compañero.',
    question: 'Cumplimiento',
  },
};

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;
type People = Record<'hero' | 'shared' | 'freeRider' | 'me', Headers>;

/**
 * The hero's project with three members; today the hero closes two tasks alone and shares a third
 * with Sam (half each) and logs 3.5 h; Fred logs 6 h and closes nothing; Sam submits a stand-up. A
 * team evaluation of the four, sent today. No repository is linked.
 */
/** The owner invites someone as a viewer, who accepts into their first folder. */
async function joinAsViewer(request: APIRequestContext, projectId: number, owner: Headers, viewer: Headers) {
  const invitation = await apiData<{ id: number }>(
    request.post(`/api/projects/${projectId}/invitations`, {
      headers: owner,
      data: { email: viewer.uid, role: 'viewer' },
    }),
  );
  const folders = await apiData<{ id: number }[]>(request.get('/api/folders', { headers: viewer }));
  await apiData(
    request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
      headers: viewer,
      data: { folder_id: folders[0]!.id },
    }),
  );
}

async function seedTeam(
  request: APIRequestContext,
  people: People,
  names: Record<keyof People, string>,
  entry: (typeof ENTRY)[keyof typeof ENTRY],
) {
  const hero = people.hero;
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: hero, data: { name: entry.project } }),
  );
  for (const key of ['shared', 'freeRider', 'me'] as const) {
    const invitation = await apiData<{ id: number }>(
      request.post(`/api/projects/${project.id}/invitations`, {
        headers: hero,
        data: { email: people[key].uid, role: 'member' },
      }),
    );
    const folders = await apiData<{ id: number }[]>(request.get('/api/folders', { headers: people[key] }));
    await apiData(
      request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
        headers: people[key],
        data: { folder_id: folders[0]!.id },
      }),
    );
  }
  const members = await apiData<{ id: number; name: string }[]>(
    request.get(`/api/projects/${project.id}/members`, { headers: hero }),
  );
  const idOf = (key: keyof People) => members.find((m) => m.name === names[key])!.id;
  const board = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/boards`, { headers: hero, data: { name: 'B' } }),
  );
  const column = await apiData<{ id: number }>(
    request.post(`/api/boards/${board.id}/columns`, { headers: hero, data: { name: 'C' } }),
  );
  const task = async (title: string, assigned: number[], completed: boolean) => {
    const { id } = await apiData<{ id: number }>(
      request.post(`/api/columns/${column.id}/tasks`, { headers: hero, data: { title } }),
    );
    await apiData(request.put(`/api/tasks/${id}`, { headers: hero, data: { completed, assigned } }));
    return id;
  };
  await task('Login', [idOf('hero')], true);
  await task('Signup', [idOf('hero')], true);
  await task('Reset', [idOf('hero'), idOf('shared')], true);
  const open = await task('Research', [idOf('freeRider')], false);
  const hours = (who: Headers, amount: number) =>
    apiData(
      request.post(`/api/tasks/${open}/hours`, { headers: who, data: { hours: amount, date: localDay() } }),
    );
  await hours(hero, 3.5);
  await hours(people.freeRider, 6);
  await apiData(
    request.post(`/api/projects/${project.id}/standups`, {
      headers: people.shared,
      data: { did: 'Reset flow', will_do: 'Tests', hours: 2, stress: 2, feeling: 4 },
    }),
  );
  const evaluation = await apiData<{ id: number }>(
    request.post(`/api/projects/${project.id}/evaluations`, {
      headers: hero,
      data: {
        title: entry.title,
        description: entry.description,
        type: 'team',
        initial_date: localDay(),
        deadline: localDay(7),
        member_ids: (['hero', 'shared', 'freeRider', 'me'] as const).map(idOf),
        questions: [{ kind: 'scale', text: entry.question }],
      },
    }),
  );
  await apiData(request.post(`/api/evaluations/${evaluation.id}/send`, { headers: hero }));
  return { projectId: project.id, evaluationId: evaluation.id, idOf };
}

/** A facts strip's figures, in order. */
async function figures(strip: Locator): Promise<[string, string][]> {
  const labels = await strip.locator('dt').allTextContents();
  const values = await strip.locator('dd').allTextContents();
  return labels.map((label, index) => [label, values[index] ?? '']);
}

const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  const names = NAMES[language];

  test.describe(`evaluation evidence in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a member answering a team evaluation sees each teammate’s facts beside their questions', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const people = {} as People;
      for (const key of ['hero', 'shared', 'freeRider', 'me'] as const) {
        const user = await createConfirmedUser(
          request,
          names[key],
          uniqueEmail(`evidence-${key}-${language}`),
        );
        people[key] =
          key === 'me'
            ? await signInThroughApi(page, request, user.email, language)
            : await apiCredentials(request, user.email);
      }
      const { projectId, evaluationId } = await seedTeam(request, people, names, ENTRY[language]);

      await page.goto(`/project/${projectId}/evaluations/${evaluationId}`);
      const intro = page.getByRole('region', { name: t.intro });
      await expect(intro).toContainText(t.notGrade, { timeout: 30_000 }); // facts computed on open
      await expect(intro).toContainText(t.firstDay);

      const [hours, tasks, commits, standups] = t.labels as [string, string, string, string];
      const strip = (key: 'hero' | 'shared' | 'freeRider') =>
        page
          .getByRole('region', { name: t.about(names[key]) })
          .getByRole('group', { name: t.facts(names[key]) });
      await expect(strip('hero')).toBeVisible();
      expect(await figures(strip('hero'))).toEqual([
        [hours, t.hero[0]],
        [tasks, t.hero[1]],
        [commits, t.noRepository],
        [standups, '0'],
      ]);
      expect(await figures(strip('shared'))).toEqual([
        [hours, '0'],
        [tasks, t.shared],
        [commits, t.noRepository],
        [standups, '1'],
      ]);
      expect(await figures(strip('freeRider'))).toEqual([
        [hours, '6'],
        [tasks, '0'],
        [commits, t.noRepository],
        [standups, '0'],
      ]);
      // Nobody rates themselves: no block, no facts about the reader.
      await expect(page.getByRole('region', { name: t.about(names.me) })).toHaveCount(0);

      await intro.getByRole('button', { name: t.how }).click();
      await expect(intro.getByText(t.half)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotAtEachWidth(page, `evaluation-evidence-${language}`);
    });

    // Teaching staff read ratings while the evaluation runs (docs/product.md, Evaluations); a student
    // owner sees them only after the deadline (e2e/evaluations.spec.ts).
    test('a teacher on the team opening the results sees each member’s facts beside their peer ratings', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const people = {} as People;
      for (const key of ['hero', 'shared', 'freeRider', 'me'] as const) {
        const user = await createConfirmedUser(
          request,
          names[key],
          uniqueEmail(`evidence-results-${key}-${language}`),
        );
        people[key] = await apiCredentials(request, user.email);
      }
      const { projectId, evaluationId, idOf } = await seedTeam(request, people, names, ENTRY[language]);
      const teacher = await createTeacher(request, language === 'en' ? 'Tom Teacher' : 'Teresa Docente');
      await joinAsViewer(request, projectId, people.hero, await apiCredentials(request, teacher.email));
      await signInThroughApi(page, request, teacher.email, language);
      const { questions } = await apiData<{ questions: { id: number }[] }>(
        request.get(`/api/evaluations/${evaluationId}`, { headers: people.hero }),
      );
      const questionId = questions[0]!.id;
      // Two teammates submit: Fred gets a 2 and a 1, though he logged the most hours.
      const submit = (who: Headers, scores: [keyof People, number][]) =>
        apiData(
          request.put(`/api/evaluations/${evaluationId}/answers`, {
            headers: who,
            data: {
              submit: true,
              answers: scores.map(([key, score]) => ({
                question_id: questionId,
                subject_id: idOf(key),
                score,
              })),
            },
          }),
        );
      await submit(people.me, [
        ['hero', 5],
        ['shared', 4],
        ['freeRider', 2],
      ]);
      await submit(people.shared, [
        ['hero', 5],
        ['freeRider', 1],
        ['me', 4],
      ]);

      await page.goto(`/project/${projectId}/evaluations/${evaluationId}/results`);
      const intro = page.getByRole('region', { name: t.resultsIntro });
      // The first thing on a results page computed on open: on a loaded machine it has taken over 10 s.
      await expect(intro).toContainText(t.resultsNotGrade, { timeout: 30_000 });
      await expect(intro).toContainText(t.firstDay);

      const [hours, tasks, commits, standups] = t.labels as [string, string, string, string];
      const block = (key: keyof People) => page.getByRole('region', { name: names[key], exact: true });
      const strip = (key: keyof People) => block(key).getByRole('group', { name: t.facts(names[key]) });
      // Fred's low peer average and his facts, side by side in his block.
      await expect(block('freeRider')).toContainText(t.overall(t.lowAverage));
      await expect(strip('freeRider')).toBeVisible();
      expect(await figures(strip('freeRider'))).toEqual([
        [hours, '6'],
        [tasks, '0'],
        [commits, t.noRepository],
        [standups, '0'],
      ]);
      expect(await figures(strip('hero'))).toEqual([
        [hours, t.hero[0]],
        [tasks, t.hero[1]],
        [commits, t.noRepository],
        [standups, '0'],
      ]);
      expect(await figures(strip('shared'))).toEqual([
        [hours, '0'],
        [tasks, t.shared],
        [commits, t.noRepository],
        [standups, '1'],
      ]);
      // Every selected member has a block, and each block holds only its own member's facts.
      for (const key of ['hero', 'shared', 'freeRider', 'me'] as const)
        await expect(block(key).getByRole('group')).toHaveCount(1);

      // The CSV carries the same facts beside each member's rows (hours, tasks closed, commits, stand-ups).
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t.download, exact: true }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
      // `;` for a Spanish reader's spreadsheet, `,` in English (issue 44.2).
      const sep = csvSeparator(language);
      expect(csv[0]).toContain([hours, tasks, commits, standups].join(sep));
      expect(csv.filter((row) => row.startsWith(`${names.freeRider}${sep}`))).toEqual([
        expect.stringMatching(new RegExp(`${sep}6${sep}0${sep}${t.noRepository}${sep}0$`)),
      ]);

      await intro.getByRole('button', { name: t.how }).click();
      await expect(intro.getByText(t.half)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotAtEachWidth(page, `evaluation-results-evidence-${language}`);
    });
  });
}
