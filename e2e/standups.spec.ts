import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
  personOf,
} from './support/locale';
import { projectNav } from './support/project-nav';

/** What the person reads on the stand-up screens, word for word, in each language. */
const TEXT = {
  en: {
    title: 'Stand-up reports',
    navMissing: "Stand-up reports (today's stand-up is missing)",
    nav: 'Stand-up reports',
    missing: "You have not submitted today's stand-up yet.",
    submitted: "You submitted today's stand-up.",
    did: /^What I did/,
    willDo: /^What I will do/,
    blockers: /^Blockers/,
    isBlocked: 'I am blocked',
    hours: /^Hours worked/,
    stress: /^Stress/,
    feeling: /^How I feel/,
    submit: 'Submit stand-up',
    sent: 'Stand-up submitted',
    edit: "Edit today's stand-up",
    save: 'Save changes',
    saved: 'Stand-up saved',
    open: (name: string) => `Open the stand-up of ${name}`,
    missingToday: (name: string) => `Missing today: ${name}`,
    blocked: 'Blocked',
    analysis: 'Analysis',
    hoursChart: 'Average hours per stand-up, by day',
    members: /^Each member/,
    signalsOf: (name: string) => `Signals of ${name}`,
    blocker: 'Blocker',
    hoursTyped: '2.5',
    hoursEdited: '3.25',
    hoursShown: '3.25 h',
    hoursTotal: '3.25',
    ownStress: 'Stress 4/5',
    moodBadge: /^(Stress|Feeling) \d\/5$/,
    listMoodsNote:
      "Stress and feeling are personal: only each stand-up's author, the project's owners and teaching staff see them.",
    moodsNote: (name: string) =>
      `Stress and feeling are personal: only ${name}, the project's owners and teaching staff see them.`,
    averagesWithheld: /^Stress and feeling are personal: a day's team average shows only/,
    moodChart: 'Average stress and feeling, by day',
  },
  es: {
    title: 'Reportes diarios',
    navMissing: 'Reportes diarios (falta tu reporte de hoy)',
    nav: 'Reportes diarios',
    missing: 'Todavía no has enviado tu reporte de hoy.',
    submitted: 'Ya enviaste tu reporte de hoy.',
    did: /^Qué hice/,
    willDo: /^Qué haré/,
    blockers: /^Bloqueos/,
    isBlocked: 'Tengo un bloqueo',
    hours: /^Horas trabajadas/,
    stress: /^Estrés/,
    feeling: /^Cómo me siento/,
    submit: 'Enviar reporte',
    sent: 'Reporte enviado',
    edit: 'Editar el reporte de hoy',
    save: 'Guardar cambios',
    saved: 'Reporte guardado',
    open: (name: string) => `Abrir el reporte de ${name}`,
    missingToday: (name: string) => `Sin reporte hoy: ${name}`,
    blocked: 'Con bloqueo',
    analysis: 'Análisis',
    hoursChart: 'Horas promedio por reporte, por día',
    members: /^Cada miembro/,
    signalsOf: (name: string) => `Señales de ${name}`,
    blocker: 'Bloqueo',
    // The decimal comma is read as the decimal point.
    hoursTyped: '2,5',
    hoursEdited: '3,25',
    hoursShown: '3,25 h',
    hoursTotal: '3,25',
    ownStress: 'Estrés 4/5',
    moodBadge: /^(Estrés|Ánimo) \d\/5$/,
    listMoodsNote:
      'El estrés y el ánimo son personales: solo los ven quien escribe cada reporte, los propietarios del proyecto y el equipo docente.',
    moodsNote: (name: string) =>
      `El estrés y el ánimo son personales: solo los ven ${name}, los propietarios del proyecto y el equipo docente.`,
    averagesWithheld: /^El estrés y el ánimo son personales: el promedio del equipo de un día solo aparece/,
    moodChart: 'Estrés y ánimo medios, por día',
  },
};

/** What the member writes, in the interface's language; the blocker's words must raise a signal. */
const ENTRY = {
  en: {
    did: 'Finished the login form and its tests.',
    willDo: 'Start the password reset screen.',
    blockers: 'Stuck waiting on the API review.',
    words: ['Stuck', 'waiting on'],
  },
  es: {
    did: 'Terminé el formulario de inicio de sesión.',
    willDo: 'Empezar la pantalla de recuperar la contraseña.',
    blockers: 'Sigo atascada esperando la revisión de la API.',
    words: ['atascada', 'esperando'],
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/** The owner's project, with the member in it through an accepted invitation. */
async function projectWithMember(request: APIRequestContext, owner: Headers, member: Headers, name: string) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name } }),
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
  return project.id;
}

// English at desktop size, Spanish at phone size; the screenshots cover both widths.
const PASSES = [
  { language: 'en' as const, viewport: VIEWPORTS[0] },
  { language: 'es' as const, viewport: VIEWPORTS[1] },
];

for (const { language, viewport } of PASSES) {
  const t = TEXT[language];
  const entry = ENTRY[language];

  test.describe(`stand-ups in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a member submits and edits today's stand-up; the owner reads the analysis", async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const owner = await createConfirmedUser(
        request,
        language === 'en' ? 'Olivia Owner' : 'Olga Propietaria',
      );
      const member = await createConfirmedUser(request, language === 'en' ? 'Mark Member' : 'Marta Miembro');
      const memberHeaders = await signInThroughApi(page, request, member.email, language);
      const { page: ownerPage, headers: ownerHeaders } = await personOf(
        page,
        browser,
        request,
        owner.email,
        language,
      );
      const projectId = await projectWithMember(request, ownerHeaders, memberHeaders, 'Stand-up project');
      const base = `/project/${projectId}/standupreports`;

      // The member has not submitted today: the sidebar says so, and the form is offered.
      await page.goto(base);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${t.title}`) })).toBeVisible();
      await expect(
        (await projectNav(page, language)).getByRole('link', { name: t.navMissing }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByText(t.missing)).toBeVisible();
      await page.getByRole('textbox', { name: t.did }).fill(entry.did);
      await page.getByRole('textbox', { name: t.willDo }).fill(entry.willDo);
      await page.getByRole('textbox', { name: t.blockers }).fill(entry.blockers);
      await page.getByRole('checkbox', { name: t.isBlocked }).check();
      await page.getByRole('textbox', { name: t.hours }).fill(t.hoursTyped);
      await page.getByRole('radiogroup', { name: t.stress }).getByRole('radio', { name: '4' }).check();
      await page.getByRole('radiogroup', { name: t.feeling }).getByRole('radio', { name: '2' }).check();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.sent, { exact: true })).toBeVisible();
      await expect(page.getByText(t.submitted)).toBeVisible();
      await expect(
        (await projectNav(page, language)).getByRole('link', { name: t.nav, exact: true }),
      ).toBeVisible();
      await page.keyboard.press('Escape');

      // It is in the list, today, marked blocked; the owner is the one missing today.
      const link = page.getByRole('link', { name: t.open(member.name) });
      await expect(link).toBeVisible();
      const card = page.getByRole('article').filter({ has: link });
      await expect(card).toContainText(entry.blockers);
      await expect(card.getByText(t.blocked, { exact: true })).toBeVisible();
      await expect(page.getByText(t.missingToday(owner.name))).toBeVisible();

      // Edited the same day: the hours change.
      await page.getByRole('button', { name: t.edit }).click();
      await page.getByRole('textbox', { name: t.hours }).fill(t.hoursEdited);
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
      await expect(card.getByText(t.hoursShown, { exact: true })).toBeVisible();

      // The owner reports too. Stress and feeling are personal: the member reads the owner's texts
      // and hours, never their moods (no badge, no empty badge), and their own moods still.
      await apiData(
        request.post(`/api/projects/${projectId}/standups`, {
          headers: ownerHeaders,
          data: { did: entry.willDo, will_do: entry.did, hours: 1, stress: 5, feeling: 1 },
        }),
      );
      await page.reload();
      const ownerLink = page.getByRole('link', { name: t.open(owner.name) });
      const ownerCard = page.getByRole('article').filter({ has: ownerLink });
      await expect(ownerCard).toContainText(entry.willDo);
      await expect(ownerCard.getByText(t.moodBadge)).toHaveCount(0);
      await expect(ownerCard).not.toContainText(/null|undefined|\/5/);
      await expect(card.getByText(t.ownStress, { exact: true })).toBeVisible();
      await expect(page.getByText(t.listMoodsNote)).toBeVisible();
      await screenshotAtEachWidth(page, `standups-list-${language}`);

      // The owner's own page, as the member reads it: the note says whose the moods are.
      await ownerLink.click();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(owner.name) })).toBeVisible();
      await expect(page.getByText(t.moodsNote(owner.name))).toBeVisible();
      await expect(page.getByRole('article').getByText(t.moodBadge)).toHaveCount(0);
      await screenshotAtEachWidth(page, `standup-teammate-${language}`);
      await page.goBack();

      // Its own page.
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${base}/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(member.name) })).toBeVisible();
      await expect(page.getByText(entry.did)).toBeVisible();
      await screenshotAtEachWidth(page, `standup-${language}`);

      // The owner reads the analysis: the member's numbers, and the words behind the blocker signal.
      await ownerPage.goto(base);
      await ownerPage.getByRole('tab', { name: t.analysis }).click();
      await expect(ownerPage).toHaveURL(/[?&]tab=analysis/);
      const members = ownerPage.getByRole('table', { name: t.members });
      const row = members.getByRole('row').filter({ hasText: member.name });
      await expect(row.getByRole('cell').nth(0)).toHaveText('1');
      await expect(row.getByRole('cell').nth(2)).toHaveText(t.hoursTotal);
      await expect(row.getByRole('cell').nth(4)).toHaveText('4');
      await expect(row.getByRole('cell').nth(6)).toHaveText('2');
      const signals = ownerPage.getByRole('region', { name: t.signalsOf(member.name) });
      await expect(signals.getByText(t.blocker, { exact: true })).toBeVisible();
      for (const word of entry.words) await expect(signals).toContainText(`“${word}”`);
      // The charts come in their own chunk: the pictures wait for them.
      await expect(ownerPage.getByText(t.hoursChart)).toBeVisible();
      await expect(ownerPage.locator('.recharts-surface').first()).toBeVisible();
      await expect(ownerPage.getByText(t.moodChart)).toBeVisible();
      await screenshotAtEachWidth(ownerPage, `standups-analysis-${language}`);

      // The member's analysis: their own row; with two authors today the team's mood average would
      // give the owner's away, so it is withheld, said so, and no empty mood chart is drawn.
      await page.goto(`${base}?tab=analysis`);
      const own = page.getByRole('table', { name: t.members }).getByRole('row');
      await expect(own.filter({ hasText: member.name })).toHaveCount(1);
      await expect(own.filter({ hasText: owner.name })).toHaveCount(0);
      await expect(page.getByText(t.averagesWithheld)).toBeVisible();
      await expect(page.getByText(t.hoursChart)).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await expect(page.getByText(t.moodChart)).toHaveCount(0);
      await screenshotAtEachWidth(page, `standups-analysis-member-${language}`);
    });
  });
}
