import type { Language, UpdateTaskInput } from '@teamboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCoachQuestion } from '../../../src/features/assistant/coach/coach.js';
import type { MilestoneTask, OpenTask } from '../../../src/features/assistant/coach/coach.queries.js';
import { blockedReasons, forecastOf, workloadOf } from '../../../src/features/assistant/coach/coach.rules.js';
import { recognizeCoachIntent, type CoachIntent } from '../../../src/features/assistant/coach/intents.js';
import { HOUR_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

describe('recognizeCoachIntent', () => {
  const english: [string, CoachIntent][] = [
    ['Which tasks are overdue?', 'overdue'],
    ["What's late?", 'overdue'],
    ['Any tasks past their deadline?', 'overdue'],
    ['overdeu tasks', 'overdue'],
    ['Which tasks are blocked?', 'blocked'],
    ['What is stuck right now?', 'blocked'],
    ['whcih tasks are blokced', 'blocked'],
    ['Who has too much work?', 'workload'],
    ['Who has the most tasks?', 'workload'],
    ['Is the work evenly distributed?', 'workload'],
    ['Will we finish the sprint?', 'sprint_forecast'],
    ['Are we on track for the milestone?', 'sprint_forecast'],
    ['How is the sprint going?', 'sprint_forecast'],
    ['What did I do this week?', 'my_week'],
    ['What have I done lately?', 'my_week'],
    ['Show my hours this week', 'my_week'],
    ['What should I do next?', 'next_task'],
    ['What should I work on?', 'next_task'],
    ['what should i do', 'next_task'],
    ["What's my next task?", 'next_task'],
  ];
  const spanish: [string, CoachIntent][] = [
    ['¿Qué tareas están atrasadas?', 'overdue'],
    ['tareas vencidas', 'overdue'],
    ['¿Qué va tarde?', 'overdue'],
    ['¿Hay tareas bloqueadas?', 'blocked'],
    ['tareas bloqeadas', 'blocked'],
    ['¿Qué está atascado?', 'blocked'],
    ['¿Quién está sobrecargado?', 'workload'],
    ['¿Quién tiene demasiadas tareas?', 'workload'],
    ['¿Cómo está repartido el trabajo?', 'workload'],
    ['¿Terminaremos el sprint?', 'sprint_forecast'],
    ['¿Cómo va el hito?', 'sprint_forecast'],
    ['¿Llegamos a tiempo?', 'sprint_forecast'],
    ['¿Qué hice esta semana?', 'my_week'],
    ['¿En qué trabajé esta semana?', 'my_week'],
    ['resumen de mi semana', 'my_week'],
    ['Que hice esta semana', 'my_week'],
    ['¿Qué hago ahora?', 'next_task'],
    ['¿Qué debo hacer?', 'next_task'],
    ['¿Cuál es mi próxima tarea?', 'next_task'],
    ['¿Qué me toca?', 'next_task'],
  ];
  const notAboutTheProject = [
    'How do I write a good user story?',
    'What is a sprint retrospective?',
    'How can we avoid overdue tasks?',
    'Explain Kanban WIP limits',
    'Tell me a joke',
    'What should I do when a teammate ignores me?',
    'what time did I clock in',
    '¿Qué es un sprint?',
    '¿Cómo evitar tareas atrasadas?',
    'Dame consejos para presentar',
    '¿Por qué se bloquean los equipos?',
    '¿Qué debo hacer si mi compañero no trabaja?',
    'Cuéntame un chiste',
    '',
    '   ?¿ ',
  ];

  it.each(english)('reads the English %j as %s', (question, intent) => {
    expect(recognizeCoachIntent(question)).toBe(intent);
  });
  it.each(spanish)('reads the Spanish %j as %s', (question, intent) => {
    expect(recognizeCoachIntent(question)).toBe(intent);
  });
  it.each(notAboutTheProject)('leaves %j to the other engines (null)', (question) => {
    expect(recognizeCoachIntent(question)).toBeNull();
  });
});

function openTask(id: number, fields: Partial<OpenTask> = {}): OpenTask {
  return {
    id,
    title: `Task ${id}`,
    deadline: null,
    priority: null,
    expected_hours: null,
    is_blocked: false,
    blocked_reason: null,
    column_name: 'To do',
    label_names: [],
    assignees: [],
    order: [1, 1, id],
    ...fields,
  };
}

describe('coach rules', () => {
  const sprint = { start_date: '2026-11-16', deadline: '2026-11-29' };
  const tasks = (count: number, done: number): MilestoneTask[] =>
    Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      title: `T${index + 1}`,
      deadline: null,
      completed: index < done,
      expected_hours: 1,
      assignees: [],
    }));

  it('forecasts from the pace so far: yes, at risk, no', () => {
    // Day 10 of 14, 4 days after today: 8 done → 8 + 0.8 × 4 ≥ 10; 6 → 8.4 ≥ 80 %; 5 → 7 < 80 %.
    expect(forecastOf(sprint, tasks(10, 8), '2026-11-25')).toMatchObject({ verdict: 'yes', projected: 10 });
    expect(forecastOf(sprint, tasks(10, 6), '2026-11-25')).toMatchObject({
      verdict: 'at_risk',
      projected: 8.4,
    });
    expect(forecastOf(sprint, tasks(10, 5), '2026-11-25')).toMatchObject({
      verdict: 'no',
      pace: 0.5,
      projected: 7,
      neededPace: 1.25,
      elapsedDays: 10,
      totalDays: 14,
      daysLeft: 4,
    });
  });

  it('says "at risk", not "no", on a first day with nothing done, and "yes" when all is done', () => {
    expect(forecastOf(sprint, tasks(5, 0), '2026-11-16')).toMatchObject({
      verdict: 'at_risk',
      isFirstDay: true,
    });
    expect(forecastOf(sprint, tasks(5, 5), '2026-11-17')).toMatchObject({ verdict: 'yes', remaining: 0 });
    // On the deadline nothing is left after today: no pace is needed, only the projection.
    expect(forecastOf(sprint, tasks(4, 2), '2026-11-29')).toMatchObject({ verdict: 'no', neededPace: null });
  });

  it('flags nobody for one task more than the others in a small team', () => {
    const ana = { id: 1, name: 'Ana' };
    const beto = { id: 2, name: 'Beto' };
    const load = workloadOf(
      [ana, beto],
      [openTask(1, { assignees: [ana] }), openTask(2, { assignees: [ana] })],
    );
    expect(load.people.map((p) => [p.person.name, p.tasks.length, p.isOverloaded])).toEqual([
      ['Ana', 2, false],
      ['Beto', 0, false],
    ]);
  });

  it('counts a blocked label or column only by its whole name, any case or accent', () => {
    expect(blockedReasons(openTask(1, { column_name: 'Unblocked', label_names: ['not blocked'] }))).toEqual(
      [],
    );
    expect(blockedReasons(openTask(2, { column_name: 'BLOCKED', label_names: ['🚫 Bloqueádo'] }))).toEqual([
      { kind: 'label', name: '🚫 Bloqueádo' },
      { kind: 'column', name: 'BLOCKED' },
    ]);
  });
});

/**
 * One project built through the API on the test clock (2026-11-22T10:00Z, a Sunday), with its days
 * counted in Bogotá (UTC−5); the coach is asked on Wednesday 2026-11-25 at 10:00 there. Every
 * expected answer below is written out from the fixture by hand.
 */
describe.skipIf(!isDatabaseAvailable)('answerCoachQuestion on a fixture project', () => {
  const NOW = new Date('2026-11-25T15:00:00.000Z');
  let t: TestApp;
  let projectId: number;
  let otherProjectId: number;
  const ids = {} as Record<'ana' | 'beto' | 'carla' | 'dora' | 'vera', number>;
  const api = {} as Record<'ana' | 'beto', Api>;
  /** The fixture's tasks by key, as created. */
  const task: Record<string, { id: number; title: string }> = {};
  const columns = {} as Record<'todo' | 'doing' | 'blocked', number>;

  async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
    const r = await response;
    if (r.statusCode !== 200 && r.statusCode !== 201) throw new Error(`fixture: ${r.statusCode} ${r.body}`);
    return (r.json() as { data: Record<string, number> }).data;
  }

  async function makeTask(key: string, title: string, columnId: number, fields: UpdateTaskInput = {}) {
    const created = await ok(api.ana('POST', `/api/columns/${columnId}/tasks`, { title }));
    if (Object.keys(fields).length > 0) await ok(api.ana('PUT', `/api/tasks/${created.id}`, fields));
    task[key] = { id: created.id!, title };
  }

  const complete = (who: Api, key: string) =>
    ok(who('PUT', `/api/tasks/${task[key]!.id}`, { completed: true }));
  const move = (key: string, columnId: number) =>
    ok(api.ana('POST', `/api/tasks/${task[key]!.id}/move`, { column_id: columnId }));
  const comment = (who: Api, key: string, text: string) =>
    ok(who('POST', `/api/tasks/${task[key]!.id}/comments`, { text }));
  const logHours = (who: Api, key: string, hours: number, date: string) =>
    ok(who('POST', `/api/tasks/${task[key]!.id}/hours`, { hours, date }));

  beforeAll(async () => {
    t = await buildTestApp();
    for (const [key, name] of [
      ['ana', 'Ana'],
      ['beto', 'Beto'],
      ['carla', 'Carla'],
      ['dora', 'Dora'],
      ['vera', 'Vera'],
    ] as const) {
      ids[key] = (await createUser(t.db, { email: `${key}@uni.example`, name })).id;
    }
    api.ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    api.beto = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
    projectId = (await ok(api.ana('POST', '/api/projects', { name: 'Team Coach' }))).id!;
    await ok(api.ana('PUT', `/api/projects/${projectId}`, { time_zone: 'America/Bogota' }));
    for (const [key, role] of [
      ['beto', 'member'],
      ['carla', 'member'],
      ['dora', 'member'],
      ['vera', 'viewer'],
    ] as const) {
      const folderId = await defaultFolderId(key === 'beto' ? api.beto : api.ana);
      await addMember(t.db, { projectId, userId: ids[key], role, folderId });
    }
    await buildMainProject();
    otherProjectId = await buildOtherProject();
    await playTheWeek();
  });
  afterAll(() => t?.close());

  async function buildMainProject() {
    const bug = await ok(
      api.ana('POST', `/api/projects/${projectId}/labels`, { name: 'bug', color: '#FF0000' }),
    );
    const bloqueado = await ok(
      api.ana('POST', `/api/projects/${projectId}/labels`, { name: 'Bloqueado', color: '#000000' }),
    );
    const milestone = (name: string, start_date: string, deadline: string, sprint: boolean) =>
      ok(
        api.ana('POST', `/api/projects/${projectId}/milestones`, {
          milestone_name: name,
          start_date,
          deadline,
          sprint,
        }),
      );
    const s7 = (await milestone('Sprint 7', '2026-11-16', '2026-11-29', true)).milestone_id!;
    await milestone('Release 1', '2026-11-01', '2026-12-31', false);
    await milestone('Sprint 8', '2026-11-30', '2026-12-13', true);
    const board = await ok(api.ana('POST', `/api/projects/${projectId}/boards`, { name: 'Main' }));
    const column = async (name: string) =>
      (await ok(api.ana('POST', `/api/boards/${board.id}/columns`, { name }))).id!;
    const todo = await column('To do');
    columns.doing = await column('Doing');
    columns.blocked = await column('Blocked');
    columns.todo = todo;
    await column('Done');
    const { ana, beto, carla, dora } = ids;
    await makeTask('login', 'Login form', todo, {
      assigned: [beto],
      deadline: '2026-11-20',
      priority: 'high',
      milestone_id: s7,
      expected_hours: 5,
    });
    await makeTask('schema', 'API schema', todo, {
      assigned: [beto, carla],
      deadline: '2026-11-24',
      milestone_id: s7,
      expected_hours: 3,
    });
    await makeTask('docs', 'Write the docs', todo, { deadline: '2026-11-10' });
    // Blocked and overdue, but completed this week: neither.
    const deploy = {
      assigned: [ana],
      deadline: '2026-11-20',
      milestone_id: s7,
      expected_hours: 2,
      is_blocked: true,
    };
    await makeTask('deploy', 'Deploy script', todo, deploy);
    // Archived without being done: dropped from the sprint, and nobody's overdue work.
    const spike = { deadline: '2026-11-01', milestone_id: s7, expected_hours: 6, is_archived: true };
    await makeTask('spike', 'Old spike', todo, spike);
    const dueToday = {
      assigned: [ana],
      deadline: '2026-11-25',
      priority: 'low',
      milestone_id: s7,
      expected_hours: 1,
    };
    await makeTask('today', 'Due today', todo, dueToday as UpdateTaskInput);
    await makeTask('payment', 'Payment sandbox', todo, {
      assigned: [carla],
      is_blocked: true,
      blocked_reason: 'Waiting for the API keys',
      milestone_id: s7,
      expected_hours: 4,
    });
    await makeTask('import', 'Data import', todo, {
      assigned: [dora],
      labels: [bloqueado.id!],
      expected_hours: 30,
    });
    await makeTask('legal', 'Legal review', todo);
    await makeTask('search', 'Search box', todo, { assigned: [beto], labels: [bug.id!], expected_hours: 2 });
    await makeTask('hotfix', 'Hotfix', todo, { assigned: [ana], priority: 'urgent', expected_hours: 2 });
    const settings = { assigned: [ana], deadline: '2026-12-01', priority: 'medium', expected_hours: 3 };
    await makeTask('settings', 'Settings page', todo, settings as UpdateTaskInput);
    await makeTask('emails', 'Email templates', todo, { assigned: [ana], is_blocked: true });
    await makeTask('cache', 'Cache layer', todo, { assigned: [beto], expected_hours: 8 });
    await makeTask('limits', 'Rate limits', todo, { assigned: [beto], expected_hours: 4 });
    await makeTask('metrics', 'Metrics', todo, { assigned: [beto] });
    await makeTask('oldBug', 'Old bug', todo, { assigned: [beto], expected_hours: 9 });
    await makeTask('kickoff', 'Sprint kickoff', todo, {
      assigned: [ana],
      milestone_id: s7,
      expected_hours: 2,
    });
    await makeTask('ci', 'CI pipeline', todo, { assigned: [ana], milestone_id: s7, expected_hours: 2 });
  }
  /** Ana's other project: overdue, blocked and logged work that must never show in Team Coach's answers. */
  async function buildOtherProject(): Promise<number> {
    const id = (await ok(api.ana('POST', '/api/projects', { name: 'Side Project' }))).id!;
    await ok(
      api.ana('POST', `/api/projects/${id}/milestones`, {
        milestone_name: 'Launch',
        start_date: '2026-12-10',
        deadline: '2026-12-20',
        sprint: false,
      }),
    );
    const board = await ok(api.ana('POST', `/api/projects/${id}/boards`, { name: 'Side' }));
    const todo = (await ok(api.ana('POST', `/api/boards/${board.id}/columns`, { name: 'Blocked' }))).id!;
    await makeTask('sideLate', 'Side overdue', todo, {
      assigned: [ids.ana],
      deadline: '2026-11-02',
      is_blocked: true,
    });
    return id;
  }

  async function playTheWeek() {
    const { ana, beto } = api;
    // Sunday 22nd, 05:00 in Bogotá: last week.
    await move('search', columns.doing);
    await comment(ana, 'today', 'Started');
    await logHours(ana, 'today', 1.5, '2026-11-22');
    await logHours(ana, 'sideLate', 4, '2026-11-24');
    await comment(ana, 'sideLate', 'Elsewhere');
    // 2026-11-23T04:30Z: Monday in UTC, still Sunday 23:30 in Bogotá — last week for this project.
    t.clock.advance(18.5 * HOUR_MS);
    await complete(ana, 'kickoff');
    await comment(ana, 'hotfix', 'Late on Sunday');
    // 05:30Z: Monday 00:30 in Bogotá.
    t.clock.advance(HOUR_MS);
    await complete(ana, 'deploy');
    await move('legal', columns.blocked);
    // Tuesday 24th, 10:00 in Bogotá.
    t.clock.advance(33.5 * HOUR_MS);
    await complete(ana, 'ci');
    await comment(ana, 'today', 'Halfway');
    await comment(ana, 'today', 'Needs a review');
    await comment(ana, 'settings', 'Mock-up attached');
    await move('settings', columns.doing);
    await move('settings', columns.todo);
    await logHours(ana, 'today', 2, '2026-11-23');
    await logHours(ana, 'hotfix', 3, '2026-11-24');
    await logHours(ana, 'today', 1.25, '2026-11-25');
    // Beto's own week is not Ana's.
    await complete(beto, 'oldBug');
    await logHours(beto, 'login', 2, '2026-11-24');
    await comment(beto, 'login', 'On it');
  }

  const ask = (userId: number, question: string, language: Language = 'en', project = projectId) =>
    answerCoachQuestion(t.db, { userId, projectId: project, question, language, now: NOW });
  const link = (key: string) => {
    const { id, title } = task[key]!;
    return `[#${id} ${title}](/project/${projectId}?task=${id})`;
  };
  const sourcesOf = (...keys: string[]) =>
    keys.map((key) => ({
      kind: 'task',
      id: String(task[key]!.id),
      title: task[key]!.title,
      url: `/project/${projectId}?task=${task[key]!.id}`,
    }));

  it('lists the open tasks past their due date, most late first, with who and how late', async () => {
    const answer = await ask(ids.vera, 'Which tasks are overdue?');
    expect(answer).toEqual({
      intent: 'overdue',
      markdown: [
        '**3 overdue tasks** in **Team Coach** (today is 2026-11-25):',
        '',
        `- ${link('docs')} — due 2026-11-10, 15 days late — unassigned`,
        `- ${link('login')} — due 2026-11-20, 5 days late — Beto`,
        `- ${link('schema')} — due 2026-11-24, 1 day late — Beto, Carla`,
      ].join('\n'),
      sources: sourcesOf('docs', 'login', 'schema'),
    });
  });

  it('answers in Spanish with the same facts', async () => {
    const answer = await ask(ids.ana, '¿Qué tareas están atrasadas?', 'es');
    expect(answer?.markdown).toBe(
      [
        '**3 tareas atrasadas** en **Team Coach** (hoy es 2026-11-25):',
        '',
        `- ${link('docs')} — vencía el 2026-11-10, 15 días de retraso — sin asignar`,
        `- ${link('login')} — vencía el 2026-11-20, 5 días de retraso — Beto`,
        `- ${link('schema')} — vencía el 2026-11-24, 1 día de retraso — Beto, Carla`,
      ].join('\n'),
    );
  });

  it('lists blocked tasks: the blocked flag, a "Bloqueado" label or a "Blocked" column, open only', async () => {
    const answer = await ask(ids.ana, 'Which tasks are blocked?');
    expect(answer?.intent).toBe('blocked');
    expect(answer?.markdown).toBe(
      [
        '**4 blocked tasks** in **Team Coach**:',
        '',
        `- ${link('payment')} — marked blocked: “Waiting for the API keys” — Carla`,
        `- ${link('import')} — label “Bloqueado” — Dora`,
        `- ${link('emails')} — marked blocked — Ana`,
        `- ${link('legal')} — in column “Blocked” — unassigned`,
      ].join('\n'),
    );
    expect(answer?.sources).toEqual(sourcesOf('payment', 'import', 'emails', 'legal'));
    const spanish = await ask(ids.ana, '¿Hay tareas bloqueadas?', 'es');
    expect(spanish?.markdown.split('\n').slice(2)).toEqual([
      `- ${link('payment')} — marcada como bloqueada: «Waiting for the API keys» — Carla`,
      `- ${link('import')} — etiqueta «Bloqueado» — Dora`,
      `- ${link('emails')} — marcada como bloqueada — Ana`,
      `- ${link('legal')} — en la columna «Blocked» — sin asignar`,
    ]);
  });

  it('shows open tasks and estimated hours per working member and flags the ones clearly above the mean', async () => {
    // Ana 4 tasks / 6 h, Beto 6 / 22, Carla 2 / 7, Dora 1 / 30 (Vera only views): mean 3.25 / 16.25.
    // Beto: 6 ≥ 1.5 × 3.25 and 2.75 more. Dora: 30 ≥ 1.5 × 16.25 and 13.75 h more.
    const answer = await ask(ids.ana, 'Who has too much work?');
    expect(answer?.intent).toBe('workload');
    expect(answer?.markdown).toBe(
      [
        'Open work per person in **Team Coach** (mean: 3.25 tasks, 16.25 h estimated):',
        '',
        '| Person | Open tasks | Estimated h |',
        '|---|---:|---:|',
        '| **Beto** | 6 | 22 |',
        '| Ana | 4 | 6 |',
        '| Carla | 2 | 7 |',
        '| **Dora** | 1 | 30 |',
        '',
        '**Clearly above the mean:**',
        `- **Beto**: 6 open tasks, 22 h — ${['login', 'schema', 'cache', 'limits', 'metrics'].map(link).join(', ')} …and 1 more.`,
        `- **Dora**: 1 open task, 30 h — ${link('import')}`,
        '',
        '2 open tasks are unassigned.',
      ].join('\n'),
    );
    const spanish = await ask(ids.ana, '¿Quién está sobrecargado?', 'es');
    expect(spanish?.markdown.split('\n')[0]).toBe(
      'Trabajo abierto por persona en **Team Coach** (promedio: 3,25 tareas, 16,25 h estimadas):',
    );
  });

  it('forecasts the running sprint (before other running milestones) from its pace so far', async () => {
    // Sprint 7, 16th → 29th: 7 tasks (the archived, never done spike left out), 3 done (kickoff,
    // deploy, ci); day 10 of 14 with 4 days after today; 0.3 a day → 3 + 1.2 = 4.2 < 80 % of 7.
    const answer = await ask(ids.ana, 'Will we finish the sprint?');
    expect(answer?.intent).toBe('sprint_forecast');
    expect(answer?.markdown).toBe(
      [
        '**No, not at this pace.** **Sprint 7** (2026-11-16 → 2026-11-29): 3 of 7 tasks done (6 of 19 estimated h), 4 remaining; day 10 of 14, 4 days left after today.',
        '',
        'Pace so far: 0.3 tasks/day → about 4.2 of 7 by the deadline; finishing needs 1 tasks/day.',
        '',
        'Remaining:',
        `- ${link('login')} — Beto`,
        `- ${link('schema')} — Beto, Carla`,
        `- ${link('today')} — Ana`,
        `- ${link('payment')} — Carla`,
      ].join('\n'),
    );
    expect(answer?.sources).toEqual(sourcesOf('login', 'schema', 'today', 'payment'));
    const spanish = await ask(ids.ana, '¿Terminaremos el sprint?', 'es');
    expect(spanish?.markdown.split('\n\n').slice(0, 2)).toEqual([
      '**No, a este ritmo no.** **Sprint 7** (2026-11-16 → 2026-11-29): 3 de 7 tareas hechas (6 de 19 h estimadas), 4 pendientes; día 10 de 14, quedan 4 días después de hoy.',
      'Ritmo hasta ahora: 0,3 tareas/día → unas 4,2 de 7 para la fecha límite; para terminar hacen falta 1 tareas/día.',
    ]);
  });

  it('names the next milestone when none is running', async () => {
    const answer = await ask(ids.ana, 'Are we on track for the milestone?', 'en', otherProjectId);
    expect(answer?.markdown).toBe(
      'No milestone of **Side Project** is running today (2026-11-25). The next one, **Launch**, starts on 2026-12-10.',
    );
    expect(answer?.sources).toEqual([]);
  });

  it("sums up the asker's own week, Monday to Sunday in the project's time zone", async () => {
    // Left out: last week's move, comment and hours; the kickoff completed and the hotfix comment at
    // 04:30Z on Monday the 23rd (Sunday night in Bogotá); Beto's work; the other project's.
    const answer = await ask(ids.ana, 'What did I do this week?');
    expect(answer?.intent).toBe('my_week');
    expect(answer?.markdown).toBe(
      [
        'Your week in **Team Coach** (2026-11-23 → 2026-11-29, America/Bogota time):',
        '',
        `- **Completed:** 2 — ${link('deploy')}, ${link('ci')}`,
        `- **Moved:** 2 — ${link('legal')} → “Blocked”, ${link('settings')} → “To do”`,
        `- **Hours logged:** 6.25 h — ${link('today')} (3.25 h), ${link('hotfix')} (3 h)`,
        `- **Comments:** 3 — ${link('today')} (×2), ${link('settings')}`,
      ].join('\n'),
    );
    expect(answer?.sources).toEqual(sourcesOf('deploy', 'ci', 'legal', 'settings', 'today', 'hotfix'));
    const spanish = await ask(ids.ana, '¿Qué hice esta semana?', 'es');
    expect(spanish?.markdown.split('\n')[0]).toBe(
      'Tu semana en **Team Coach** (2026-11-23 → 2026-11-29, hora de America/Bogota):',
    );
    expect(spanish?.markdown).toContain('- **Horas registradas:** 6,25 h');
  });

  it('counts the week in the server’s zone (UTC here) when the project names none', async () => {
    await ok(api.ana('PUT', `/api/projects/${projectId}`, { time_zone: null }));
    try {
      const answer = await ask(ids.ana, 'What did I do this week?');
      expect(answer?.markdown.split('\n').slice(0, 3)).toEqual([
        'Your week in **Team Coach** (2026-11-23 → 2026-11-29):',
        '',
        `- **Completed:** 3 — ${link('kickoff')}, ${link('deploy')}, ${link('ci')}`,
      ]);
      expect(answer?.markdown).toContain(`- **Comments:** 4 — ${link('hotfix')}, ${link('today')} (×2)`);
    } finally {
      await ok(api.ana('PUT', `/api/projects/${projectId}`, { time_zone: 'America/Bogota' }));
    }
  });

  it('says so when the asker did nothing this week', async () => {
    const answer = await ask(ids.vera, '¿Qué hice esta semana?', 'es');
    expect(answer?.markdown).toBe(
      'Esta semana (2026-11-23 → 2026-11-29) no hay nada registrado a tu nombre en **Team Coach**: ni tareas completadas o movidas, ni horas, ni comentarios.',
    );
  });

  it("picks the asker's next task by due date, then priority, leaving blocked ones aside", async () => {
    const answer = await ask(ids.ana, 'What should I do next?');
    expect(answer?.intent).toBe('next_task');
    expect(answer?.markdown).toBe(
      [
        `**Do next:** ${link('today')} — due 2026-11-25, low priority, in “To do”.`,
        '',
        'Then:',
        `- ${link('settings')} — due 2026-12-01, medium priority, in “To do”`,
        `- ${link('hotfix')} — no due date, urgent, in “To do”`,
        '',
        `1 of your open tasks is blocked: ${link('emails')}.`,
      ].join('\n'),
    );
    expect(answer?.sources).toEqual(sourcesOf('today', 'settings', 'hotfix', 'emails'));
  });

  it('puts overdue work first and counts what it leaves out', async () => {
    const answer = await ask(ids.beto, '¿Qué hago ahora?', 'es');
    expect(answer?.markdown).toBe(
      [
        `**Lo siguiente:** ${link('login')} — vence el 2026-11-20 (atrasada), prioridad alta, en «To do».`,
        '',
        'Después:',
        `- ${link('schema')} — vence el 2026-11-24 (atrasada), en «To do»`,
        `- ${link('cache')} — sin fecha límite, en «To do»`,
        `- ${link('limits')} — sin fecha límite, en «To do»`,
        `- ${link('metrics')} — sin fecha límite, en «To do»`,
        '',
        '…y 1 tarea abierta tuya más.',
      ].join('\n'),
    );
  });

  it('offers unassigned, unblocked tasks to someone with nothing to do, or whose work is all blocked', async () => {
    expect((await ask(ids.vera, 'What should I do next?'))?.markdown).toBe(
      [
        'You have no open tasks assigned in **Team Coach**.',
        '',
        'Unassigned tasks you could pick up:',
        `- ${link('docs')} — due 2026-11-10 (overdue), in “To do”`,
      ].join('\n'),
    );
    expect((await ask(ids.dora, 'What should I work on?'))?.markdown).toBe(
      [
        `All your open tasks in **Team Coach** are blocked (1): ${link('import')}.`,
        '',
        'Unassigned tasks you could pick up meanwhile:',
        `- ${link('docs')} — due 2026-11-10 (overdue), in “To do”`,
      ].join('\n'),
    );
  });

  it("reads only the asked project's data", async () => {
    const side = task.sideLate!;
    for (const question of [
      'Which tasks are overdue?',
      'Which tasks are blocked?',
      'Who has too much work?',
      'What did I do this week?',
      'What should I do next?',
    ]) {
      const answer = await ask(ids.ana, question);
      expect(answer?.sources.map((source) => source.id)).not.toContain(String(side.id));
      expect(answer?.markdown).not.toContain('Side overdue');
    }
    const elsewhere = await ask(ids.ana, 'Which tasks are overdue?', 'en', otherProjectId);
    expect(elsewhere?.sources.map((source) => source.id)).toEqual([String(side.id)]);
  });

  it('answers null to a question that is not about the project', async () => {
    expect(await ask(ids.ana, 'How do I write a good user story?')).toBeNull();
  });
});
