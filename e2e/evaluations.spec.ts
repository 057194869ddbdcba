import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { createTeacher } from './support/admin';
import {
  apiData,
  expectNoSidewaysScroll,
  screenshotAtEachWidth,
  signInThroughApi,
  VIEWPORTS,
  personOf,
} from './support/locale';

/** What the person reads on the evaluation screens, word for word, in each language. */
const TEXT = {
  en: {
    title: 'Evaluations',
    toAnswer: 'To answer',
    toManage: 'To manage',
    emptyManage: 'No evaluations yet',
    newEvaluation: 'New evaluation',
    newTitle: 'New evaluation',
    fieldTitle: /^Title/,
    description: /^Description/,
    question: (n: number) => new RegExp(`^Question ${n}`),
    kind: (n: number) => `Kind of question ${n}`,
    freeText: 'Free text',
    addQuestion: 'Add question',
    saveDraft: 'Save draft',
    saved: 'Evaluation saved as a draft',
    draft: 'Draft',
    send: 'Send',
    sendTitle: 'Send this evaluation?',
    irreversible: /cannot be undone.*3 members/,
    sent: 'Evaluation sent',
    active: 'Active',
    bell: 'Invitations (pending)',
    bellTitle: 'Evaluations to answer',
    about: (name: string) => `About ${name}`,
    submit: 'Submit',
    submitted: 'Answers submitted',
    submittedBadge: 'Your answers: Submitted',
    results: 'View results',
    overall: (value: string) => `Overall average: ${value}`,
    progress: '2 of 3 submitted',
    submittersHidden: 'Only teaching staff see who has answered; you see how many.',
    withheld: 'Results appear after the deadline, when at least 2 teammates have rated.',
    close: 'Close now',
    closeTitle: 'Close this evaluation now?',
    closed: 'Evaluation closed',
    attributed: (name: string) => `Who rated ${name}, question by question`,
    download: 'Download CSV',
    average: '4.5',
  },
  es: {
    title: 'Evaluaciones',
    toAnswer: 'Por responder',
    toManage: 'Por gestionar',
    emptyManage: 'Todavía no hay evaluaciones',
    newEvaluation: 'Nueva evaluación',
    newTitle: 'Nueva evaluación',
    fieldTitle: /^Título/,
    description: /^Descripción/,
    question: (n: number) => new RegExp(`^Pregunta ${n}`),
    kind: (n: number) => `Tipo de la pregunta ${n}`,
    freeText: 'Texto libre',
    addQuestion: 'Agregar pregunta',
    saveDraft: 'Guardar borrador',
    saved: 'Evaluación guardada como borrador',
    draft: 'Borrador',
    send: 'Enviar',
    sendTitle: '¿Enviar esta evaluación?',
    irreversible: /no se puede deshacer.*3 miembros/,
    sent: 'Evaluación enviada',
    active: 'Activa',
    bell: 'Invitaciones (pendientes)',
    bellTitle: 'Evaluaciones por responder',
    about: (name: string) => `Sobre ${name}`,
    submit: 'Enviar',
    submitted: 'Respuestas enviadas',
    submittedBadge: 'Tus respuestas: Enviadas',
    results: 'Ver resultados',
    overall: (value: string) => `Promedio general: ${value}`,
    progress: '2 de 3 enviadas',
    submittersHidden: 'Solo el equipo docente ve quién respondió; tú ves cuántos.',
    withheld:
      'Los resultados aparecen después de la fecha límite, cuando al menos 2 miembros del equipo hayan calificado.',
    close: 'Cerrar ahora',
    closeTitle: '¿Cerrar esta evaluación ahora?',
    closed: 'Evaluación cerrada',
    attributed: (name: string) => `Quién calificó a ${name}, pregunta por pregunta`,
    download: 'Descargar CSV',
    // The decimal comma.
    average: '4,5',
  },
};

/** What the owner writes, in the interface's language. */
const ENTRY = {
  en: {
    title: 'Sprint 1 peer review',
    description: 'Rate how each teammate worked during the first sprint.',
    scale: 'Communication',
    text: 'What went well?',
    answers: ['Clear demos every week.', 'Always helped with reviews.'],
  },
  es: {
    title: 'Evaluación entre pares del sprint 1',
    description: 'Califica cómo trabajó cada compañero durante el primer sprint.',
    scale: 'Comunicación',
    text: '¿Qué salió bien?',
    answers: ['Demostraciones claras cada semana.', 'Siempre ayudó con las revisiones.'],
  },
};

test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

/** The full-page pictures start from the top: a scrolled page shows its sticky top bar midway. */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtEachWidth(page, name);
}

type Headers = Awaited<ReturnType<typeof signInThroughApi>>;

/** The owner's project, with the members in it through accepted invitations. */
async function projectWithMembers(request: APIRequestContext, owner: Headers, members: Headers[]) {
  const project = await apiData<{ id: number }>(
    request.post('/api/projects', { headers: owner, data: { name: 'Evaluation project' } }),
  );
  for (const member of members) {
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
  }
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

  test.describe(`evaluations in ${language} at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an owner creates and sends a team evaluation, two members answer, ratings stay withheld until it closes', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const owner = await createConfirmedUser(
        request,
        language === 'en' ? 'Olivia Owner' : 'Olga Propietaria',
      );
      const first = await createConfirmedUser(request, language === 'en' ? 'Mark Member' : 'Marta Miembro');
      const second = await createConfirmedUser(request, language === 'en' ? 'Nina Member' : 'Nico Miembro');
      const ownerHeaders = await signInThroughApi(page, request, owner.email, language);
      const firstPerson = await personOf(page, browser, request, first.email, language);
      const secondPerson = await personOf(page, browser, request, second.email, language);
      // A teacher on the team: never selected by default, and the one who sees who rated whom.
      const teacher = await createTeacher(request, language === 'en' ? 'Tom Teacher' : 'Teresa Docente');
      const teacherPerson = await personOf(page, browser, request, teacher.email, language);
      const projectId = await projectWithMembers(request, ownerHeaders, [
        firstPerson.headers,
        secondPerson.headers,
        teacherPerson.headers,
      ]);
      const base = `/project/${projectId}/evaluations`;

      // The owner's empty list.
      await page.goto(base);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${t.title}`) })).toBeVisible();
      await expect(page.getByRole('region', { name: t.toManage }).getByText(t.emptyManage)).toBeVisible();

      // Creates a team evaluation: every member but the teacher is chosen by default (the dialog below
      // names 3); today is its publication date.
      await page.getByRole('link', { name: t.newEvaluation }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.newTitle })).toBeVisible();
      await page.getByRole('textbox', { name: t.fieldTitle }).fill(entry.title);
      await page.getByRole('textbox', { name: t.description }).fill(entry.description);
      await page.getByRole('textbox', { name: t.question(1) }).fill(entry.scale);
      await page.getByRole('button', { name: t.addQuestion }).click();
      await page.getByRole('textbox', { name: t.question(2) }).fill(entry.text);
      await page
        .getByRole('radiogroup', { name: t.kind(2) })
        .getByText(t.freeText)
        .click();
      await expectNoSidewaysScroll(page);
      await screenshotFromTop(page, `evaluations-create-${language}`);
      await page.getByRole('button', { name: t.saveDraft }).click();
      await expect(page.getByText(t.saved, { exact: true })).toBeVisible();

      // Its management page: a draft, then sent after the confirmation.
      await expect(page).toHaveURL(new RegExp(`${base}/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
      await expect(page.getByText(t.draft, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t.send, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.sendTitle });
      await expect(dialog.getByText(t.irreversible)).toBeVisible();
      await dialog.getByRole('button', { name: t.send, exact: true }).click();
      await expect(page.getByText(t.sent, { exact: true })).toBeVisible();
      await expect(page.getByText(t.active, { exact: true })).toBeVisible();

      // Each member finds it in the bell and rates the two others; the owner gets a 4 and a 5.
      const ratings = [
        { person: firstPerson.page, others: [owner.name, second.name], scores: ['4', '3'] },
        { person: secondPerson.page, others: [owner.name, first.name], scores: ['5', '2'] },
      ];
      for (const [index, { person, others, scores }] of ratings.entries()) {
        await person.goto(base);
        await expect(person.getByRole('region', { name: t.toAnswer }).getByText(entry.title)).toBeVisible();
        if (index === 0) await screenshotFromTop(person, `evaluations-list-${language}`);
        await person.getByRole('button', { name: t.bell }).click();
        const bell = person.getByRole('region', { name: t.bellTitle });
        await expect(bell).toBeVisible();
        if (index === 0) await screenshotAtEachWidth(person, `evaluations-bell-${language}`);
        await bell.getByRole('link', { name: new RegExp(entry.title) }).click();
        for (const [at, name] of others.entries()) {
          const block = person.getByRole('region', { name: t.about(name) });
          await block
            .getByRole('radiogroup', { name: new RegExp(`^${entry.scale}`) })
            .getByRole('radio', { name: scores[at]!, exact: true })
            .check();
          if (at === 0)
            await block
              .getByRole('textbox', { name: new RegExp(`^${entry.text.replace('?', '\\?')}`) })
              .fill(entry.answers[index]!);
        }
        await expectNoSidewaysScroll(person);
        if (index === 0) await screenshotFromTop(person, `evaluations-answer-${language}`);
        await person.getByRole('button', { name: t.submit, exact: true }).click();
        await expect(person.getByText(t.submitted, { exact: true })).toBeVisible();
        await expect(person.getByText(t.submittedBadge)).toBeVisible();
      }

      // The owner, a student, sees how many answered but not who, and no result while it runs.
      await page.reload();
      await expect(page.getByText(t.progress)).toBeVisible();
      await expect(page.getByText(t.submittersHidden)).toBeVisible();
      await screenshotFromTop(page, `evaluations-manage-${language}`);
      await page.getByRole('link', { name: t.results }).click();
      await expect(page.getByText(t.withheld)).toBeVisible();
      await expect(page.getByRole('region', { name: owner.name })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.download })).toHaveCount(0);
      await screenshotFromTop(page, `evaluations-results-open-${language}`);

      // Closed: the average about the owner (two raters), with its comma; each member, rated by one
      // person only, is named with the rule and no number.
      await page.goBack();
      await page.getByRole('button', { name: t.close, exact: true }).click();
      const closing = page.getByRole('dialog', { name: t.closeTitle });
      await closing.getByRole('button', { name: t.close, exact: true }).click();
      await expect(page.getByText(t.closed, { exact: true })).toBeVisible();
      await page.getByRole('link', { name: t.results }).click();
      for (const name of [first.name, second.name])
        await expect(page.getByRole('region', { name }).getByText(t.withheld)).toBeVisible();
      const ownBlock = page.getByRole('region', { name: owner.name });
      await expect(ownBlock.getByText(t.overall(t.average))).toBeVisible();
      for (const text of entry.answers) await expect(ownBlock.getByText(text)).toBeVisible();
      await expect(page.getByRole('button', { name: t.download })).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await screenshotFromTop(page, `evaluations-results-${language}`);

      // The teacher reads each rating with who gave it, the single-rater ones too.
      await teacherPerson.page.goto(page.url());
      const rated = teacherPerson.page.getByRole('table', { name: t.attributed(first.name) });
      await expect(rated.getByRole('rowheader', { name: second.name }).first()).toBeVisible();
      await screenshotFromTop(teacherPerson.page, `evaluations-results-teacher-${language}`);
      await teacherPerson.page.context().close();
      await page.goto(base);
      await expect(page.getByRole('region', { name: t.toManage }).getByText(t.progress)).toBeVisible();
      await screenshotFromTop(page, `evaluations-owner-list-${language}`);
    });
  });
}
