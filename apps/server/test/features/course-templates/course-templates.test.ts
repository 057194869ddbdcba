import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import {
  addMember,
  apiAs,
  counts,
  defaultFolderId,
  setAccount,
  snapshot,
  type Api,
} from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** A valid template: two boards, two labels, two milestones of the 2026-2 semester. */
const TEMPLATE = {
  name: 'Software II',
  year: 3,
  semester: '2026-2',
  boards: [
    { name: 'Sprint board', columns: [{ name: 'To do' }, { name: 'Doing' }, { name: 'Done' }] },
    { name: 'Backlog', columns: [{ name: 'Ideas' }] },
  ],
  labels: [
    { name: 'bug', color: '#ff0000' },
    { name: 'feature', color: '#00aa00' },
  ],
  milestones: [
    { name: 'Sprint 1', start_date: '2026-08-31', deadline: '2026-09-20', sprint: true },
    { name: 'Final delivery', start_date: '2026-11-01', deadline: '2026-12-10' },
  ],
};

/** Three teams of the fixture's roster; Ana has an account, the others are new addresses. */
const ROSTER = [
  'email,name,team,section,group',
  'ana@uni.example,Ana Díaz,Team 1,A,1',
  'beto@uni.example,Beto Gil,Team 1,A,1',
  'carla@new.example,"Ruiz, Carla",Team 2,B,2',
  'dani@new.example,Dani,Team 2,B,2',
  'eva@new.example,Eva,Team 2,B,2',
  'fer@new.example,Fer,Team 3,A,1',
].join('\r\n');

interface Plan {
  applied: boolean;
  separator: string;
  summary: Record<string, number>;
  teams: {
    team: string;
    section: string | null;
    group: string | null;
    project_id: number | null;
    project_name: string;
    status: string;
    viewers_to_add: number;
    students: { line: number; email: string; role: string; status: string }[];
  }[];
  errors: { line: number | null; column: string | null; code: string; message: string }[];
  error_count: number;
}

/** Every table an import writes to (and the mail queue), by row count. */
async function importCounts(db: Db): Promise<Record<string, number>> {
  const result = await counts(db);
  for (const table of ['course_templates', 'course_template_projects', 'board_labels'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.count);
  }
  return result;
}

describe.skipIf(!isDatabaseAvailable)(
  'course templates and roster import (docs/api-course-templates.md)',
  () => {
    let t: TestApp;
    let teacher: Api;
    let teacherEs: Api;
    let otherTeacher: Api;
    let admin: Api;
    let student: Api;
    const ids = {} as Record<'teacher' | 'coTeacher' | 'ana' | 'student', number>;

    async function person(email: string, name: string, accountType?: 'teacher' | 'admin') {
      const user = await createUser(t.db, { email, name });
      if (accountType) await setAccount(t.db, user.id, { account_type: accountType, max_projects: null });
      const headers = await signIn(t.app, email);
      return { user, api: apiAs(t.app, headers), apiEs: apiAs(t.app, headers, { 'accept-language': 'es' }) };
    }

    beforeEach(async () => {
      t = await buildTestApp();
      const staff = await person('teacher@uni.example', 'Teresa', 'teacher');
      ids.teacher = staff.user.id;
      teacher = staff.api;
      teacherEs = staff.apiEs;
      otherTeacher = (await person('otto@uni.example', 'Otto', 'teacher')).api;
      ids.coTeacher = (await person('cota@uni.example', 'Cota', 'teacher')).user.id;
      admin = (await person('admin@uni.example', 'Adela', 'admin')).api;
      const ana = await person('ana@uni.example', 'Ana');
      ids.ana = ana.user.id;
      const someone = await person('sam@uni.example', 'Sam');
      ids.student = someone.user.id;
      student = someone.api;
    });
    afterEach(() => t?.close());

    async function createTemplate(api: Api = teacher, body: object = TEMPLATE): Promise<number> {
      const response = await api('POST', '/api/course_templates', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    }

    async function importRoster(templateId: number, body: object, api: Api = teacher) {
      return api('POST', `/api/course_templates/${templateId}/roster`, body);
    }

    async function imported(templateId: number, csv: string, extra: object = {}): Promise<Plan> {
      const response = await importRoster(templateId, { csv, ...extra });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Plan;
    }

    describe('templates', () => {
      it('are created, listed, read, replaced and deleted by their teacher', async () => {
        const id = await createTemplate();
        const read = await teacher('GET', `/api/course_templates/${id}`);
        expect(read.json().data).toMatchObject({
          ...TEMPLATE,
          milestones: [TEMPLATE.milestones[0], { ...TEMPLATE.milestones[1], sprint: false }],
          owner_id: ids.teacher,
          owner_name: 'Teresa',
          projects: [],
        });
        const replaced = await teacher('PUT', `/api/course_templates/${id}`, {
          name: 'Software II (2027)',
          semester: null,
          boards: [{ name: 'Only', columns: [{ name: 'Open' }] }],
        });
        expect(replaced.statusCode, replaced.body).toBe(200);
        expect(replaced.json().data).toMatchObject({
          name: 'Software II (2027)',
          year: null,
          semester: null,
          boards: [{ name: 'Only', columns: [{ name: 'Open' }] }],
          labels: [],
          milestones: [],
        });
        const list = await teacher('GET', '/api/course_templates');
        expect(list.json().data.map((template: { id: number }) => template.id)).toEqual([id]);
        expect((await teacher('DELETE', `/api/course_templates/${id}`)).statusCode).toBe(204);
        expect((await teacher('GET', `/api/course_templates/${id}`)).statusCode).toBe(404);
      });

      it('are for teachers and admins: a student is refused (403), another teacher finds nothing (404)', async () => {
        const id = await createTemplate();
        const before = await importCounts(t.db);
        for (const [method, url, body] of [
          ['GET', '/api/course_templates', undefined],
          ['POST', '/api/course_templates', TEMPLATE],
          ['GET', `/api/course_templates/${id}`, undefined],
          ['PUT', `/api/course_templates/${id}`, TEMPLATE],
          ['DELETE', `/api/course_templates/${id}`, undefined],
          ['POST', `/api/course_templates/${id}/roster`, { csv: ROSTER }],
          ['POST', '/api/course_templates/from_project', { project_id: 1 }],
        ] as const) {
          const response = await student(method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().code).toBe('FORBIDDEN');
        }
        for (const [method, url, body] of [
          ['GET', `/api/course_templates/${id}`, undefined],
          ['PUT', `/api/course_templates/${id}`, TEMPLATE],
          ['DELETE', `/api/course_templates/${id}`, undefined],
          ['POST', `/api/course_templates/${id}/roster`, { csv: ROSTER }],
        ] as const) {
          expect((await otherTeacher(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
        }
        expect((await otherTeacher('GET', '/api/course_templates')).json().data).toEqual([]);
        expect(await importCounts(t.db)).toEqual(before);
        // An admin manages every template.
        expect((await admin('GET', '/api/course_templates')).json().data).toHaveLength(1);
        expect((await admin('PUT', `/api/course_templates/${id}`, TEMPLATE)).statusCode).toBe(200);
      });

      it('refuses bad input with a localized code and changes nothing', async () => {
        const id = await createTemplate();
        const before = await importCounts(t.db);
        const cases: [object, string, string][] = [
          [{ ...TEMPLATE, name: '  ' }, 'NAME_REQUIRED', 'El nombre no puede estar vacío.'],
          [{ ...TEMPLATE, name: 'x'.repeat(61) }, 'TEXT_TOO_LONG', 'El texto es demasiado largo.'],
          [
            { ...TEMPLATE, labels: [{ name: 'bug', color: 'red' }] },
            'COLOR_NOT_VALID',
            'El color no es válido (usa #rrggbb).',
          ],
          [
            { ...TEMPLATE, boards: [{ name: 'Empty', columns: [] }] },
            'COURSE_TEMPLATE_COLUMNS_REQUIRED',
            'Cada tablero necesita al menos una columna.',
          ],
          [
            { ...TEMPLATE, labels: [TEMPLATE.labels[0], { name: 'BUG', color: '#000000' }] },
            'COURSE_TEMPLATE_NAME_REPEATED',
            'Dos elementos de esta lista tienen el mismo nombre.',
          ],
          [
            {
              ...TEMPLATE,
              boards: Array.from({ length: 11 }, (_, i) => ({ name: `B${i}`, columns: [{ name: 'C' }] })),
            },
            'COURSE_TEMPLATE_TOO_MANY',
            'Esta lista tiene demasiados elementos.',
          ],
          [
            { ...TEMPLATE, milestones: [{ name: 'M', start_date: '2026-10-02', deadline: '2026-10-01' }] },
            'DEADLINE_BEFORE_START',
            'la fecha límite no puede ser anterior a la fecha de inicio',
          ],
          [{ ...TEMPLATE, semester: '2031-1' }, 'SEMESTER_NOT_VALID', 'El semestre no es válido.'],
          [{ ...TEMPLATE, owner_id: ids.student }, 'VALIDATION_FAILED', ''],
        ];
        for (const [body, code, message] of cases) {
          for (const response of [
            await teacherEs('POST', '/api/course_templates', body),
            await teacherEs('PUT', `/api/course_templates/${id}`, body),
          ]) {
            expect(response.statusCode, JSON.stringify(body)).toBe(422);
            expect(response.json().code).toBe(code);
            if (message) expect(response.json().errors[0].toLowerCase()).toBe(message.toLowerCase());
          }
        }
        expect(await importCounts(t.db)).toEqual(before);
      });

      it('are made from a project the teacher can see, copying its boards, columns, labels and milestones', async () => {
        const owner = apiAs(t.app, await signIn(t.app, 'sam@uni.example'));
        const projectId = (await owner('POST', '/api/projects', { name: 'Reference team' })).json().data
          .id as number;
        const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'Kanban' })).json()
          .data;
        for (const name of ['Backlog', 'Review'])
          await owner('POST', `/api/boards/${board.id}/columns`, { name });
        await owner('POST', `/api/projects/${projectId}/boards`, { name: 'No columns' });
        await owner('POST', `/api/projects/${projectId}/labels`, { name: 'docs', color: '#123456' });
        await owner('POST', `/api/projects/${projectId}/milestones`, {
          milestone_name: 'Demo',
          start_date: '2026-12-01',
          deadline: '2026-12-05',
          sprint: true,
        });
        // Public: a teacher sees it without being a member.
        const made = await teacher('POST', '/api/course_templates/from_project', {
          project_id: projectId,
          semester: '2027-1',
        });
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json().data).toMatchObject({
          name: 'Reference team',
          semester: '2027-1',
          boards: [{ name: 'Kanban', columns: [{ name: 'Backlog' }, { name: 'Review' }] }],
          labels: [{ name: 'docs', color: '#123456' }],
          milestones: [{ name: 'Demo', start_date: '2026-12-01', deadline: '2026-12-05', sprint: true }],
        });
        // Private and not theirs: as if it did not exist.
        await owner('PUT', `/api/projects/${projectId}`, { is_private: true });
        const before = await importCounts(t.db);
        const hidden = await teacher('POST', '/api/course_templates/from_project', { project_id: projectId });
        expect(hidden.statusCode).toBe(404);
        expect(await importCounts(t.db)).toEqual(before);
        // A member sees their private project.
        await addMember(t.db, {
          projectId,
          userId: ids.teacher,
          role: 'viewer',
          folderId: await defaultFolderId(teacher),
        });
        const named = await teacher('POST', '/api/course_templates/from_project', {
          project_id: projectId,
          name: 'Mine',
        });
        expect(named.statusCode, named.body).toBe(201);
        expect(named.json().data.name).toBe('Mine');
      });
    });

    describe('POST /api/course_templates/:id/roster', () => {
      it('makes exactly the roster’s team projects, stamped, placed, with the staff as viewers and the students invited', async () => {
        const templateId = await createTemplate();
        const plan = await imported(templateId, ROSTER, { co_teachers: ['COTA@uni.example'] });
        expect(plan.applied).toBe(true);
        expect(plan.errors).toEqual([]);
        expect(plan.summary).toEqual({
          rows: 6,
          teams: 3,
          teams_to_create: 3,
          teams_to_update: 0,
          teams_unchanged: 0,
          invitations_to_send: 6,
          students_unchanged: 0,
          viewers_to_add: 6,
        });
        const projects = await t.db
          .selectFrom('projects')
          .selectAll()
          .where('name', 'like', 'Software II%')
          .orderBy('id')
          .execute();
        expect(
          projects.map((p) => [
            p.name,
            p.course_year,
            p.course_semester,
            p.course_section,
            p.course_group,
            p.is_private,
          ]),
        ).toEqual([
          ['Software II · Team 1', '3', '2026-2', 'A', '1', 0],
          ['Software II · Team 2', '3', '2026-2', 'B', '2', 0],
          ['Software II · Team 3', '3', '2026-2', 'A', '1', 0],
        ]);
        expect(plan.teams.map((team) => [team.team, team.project_id])).toEqual(
          projects.map((p, index) => [`Team ${index + 1}`, p.id]),
        );
        for (const project of projects) {
          const boards = await t.db
            .selectFrom('boards')
            .select(['id', 'name', 'position'])
            .where('project_id', '=', project.id)
            .orderBy('position')
            .execute();
          expect(boards.map((board) => board.name)).toEqual(['Sprint board', 'Backlog']);
          const columns = await t.db
            .selectFrom('columns')
            .select(['board_id', 'name'])
            .where(
              'board_id',
              'in',
              boards.map((board) => board.id),
            )
            .orderBy('board_id')
            .orderBy('position')
            .execute();
          expect(columns.map((column) => column.name)).toEqual(['To do', 'Doing', 'Done', 'Ideas']);
          const labels = await t.db
            .selectFrom('labels')
            .select(['name', 'color'])
            .where('project_id', '=', project.id)
            .orderBy('id')
            .execute();
          expect(labels).toEqual(TEMPLATE.labels);
          const milestones = await t.db
            .selectFrom('milestones')
            .select(['name', 'start_date', 'deadline', 'sprint'])
            .where('project_id', '=', project.id)
            .orderBy('id')
            .execute();
          expect(milestones.map((m) => [m.name, m.start_date, m.deadline, Number(m.sprint)])).toEqual([
            ['Sprint 1', '2026-08-31', '2026-09-20', 1],
            ['Final delivery', '2026-11-01', '2026-12-10', 0],
          ]);
          const members = await t.db
            .selectFrom('project_members')
            .select(['user_id', 'role'])
            .where('project_id', '=', project.id)
            .orderBy('user_id')
            .execute();
          expect(members).toEqual([
            { user_id: ids.teacher, role: 'viewer' },
            { user_id: ids.coTeacher, role: 'viewer' },
          ]);
        }
        const invitations = await t.db
          .selectFrom('project_invitations')
          .select(['project_id', 'email', 'role', 'sender_id'])
          .orderBy('id')
          .execute();
        const [team1, team2, team3] = projects.map((p) => p.id);
        expect(invitations).toEqual([
          { project_id: team1, email: 'ana@uni.example', role: 'owner', sender_id: ids.teacher },
          { project_id: team1, email: 'beto@uni.example', role: 'member', sender_id: ids.teacher },
          { project_id: team2, email: 'carla@new.example', role: 'owner', sender_id: ids.teacher },
          { project_id: team2, email: 'dani@new.example', role: 'member', sender_id: ids.teacher },
          { project_id: team2, email: 'eva@new.example', role: 'member', sender_id: ids.teacher },
          { project_id: team3, email: 'fer@new.example', role: 'owner', sender_id: ids.teacher },
        ]);
        // The invitation mail, queued with the import and sent: Ana by name, the new addresses asked to register.
        expect(t.mail.lastTo('ana@uni.example').text).toContain('Ana');
        expect(t.mail.lastTo('fer@new.example').text).toContain('Software II · Team 3');
        expect(t.mail.messages).toHaveLength(6);
        // The template lists its projects; the teacher's project list has them (read-only viewer).
        const template = (await teacher('GET', `/api/course_templates/${templateId}`)).json().data;
        expect(template.projects.map((p: { team: string }) => p.team)).toEqual([
          'Team 1',
          'Team 2',
          'Team 3',
        ]);
        const mine = (await teacher('GET', '/api/projects')).json().data as { id: number; role: string }[];
        expect(mine.filter((p) => projects.some((made) => made.id === p.id)).map((p) => p.role)).toEqual([
          'viewer',
          'viewer',
          'viewer',
        ]);
        // Ana accepts her owner invitation like any other and manages her team.
        const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
        const received = (await ana('GET', '/api/project_invitations')).json().data as {
          id: number;
          role: string;
        }[];
        expect(received.map((invitation) => invitation.role)).toEqual(['owner']);
        const accepted = await ana('POST', `/api/project_invitations/${received[0]!.id}/accept_invitation`, {
          folder_id: await defaultFolderId(ana),
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect((await ana('PUT', `/api/projects/${team1}`, { description: 'Ours' })).statusCode).toBe(200);
      });

      it('places its students in their profiles, so knowledge forms aimed at a section reach them', async () => {
        await t.db.updateTable('users').set({ group: '9' }).where('id', '=', ids.ana).execute();
        const form = await teacher('POST', '/api/knowledge_forms', {
          title: 'Section A tools',
          description: 'Rate how well you know each one.',
          opens_on: '2026-11-22',
          closes_on: '2026-11-25',
          items: [{ name: 'Git' }],
          year: 3,
          semester: '2026-2',
          section: 'A',
        });
        expect(form.statusCode, form.body).toBe(201);
        const formsOf = async (api: Api) =>
          ((await api('GET', '/api/me/knowledge_forms')).json().data as { id: number }[]).map((f) => f.id);
        const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
        expect(await formsOf(ana)).toEqual([]);

        await imported(await createTemplate(), ROSTER, { co_teachers: ['cota@uni.example'] });
        const profile = (email: string) =>
          t.db
            .selectFrom('users')
            .select(['year', 'semester', 'section', 'group'])
            .where('email', '=', email)
            .executeTakeFirstOrThrow();
        // An existing account is placed at once; only its empty fields (Ana's own group stays).
        expect(await profile('ana@uni.example')).toEqual({
          year: 3,
          semester: '2026-2',
          section: 'A',
          group: '9',
        });
        expect(await formsOf(ana)).toEqual([form.json().data.id]);
        // The staff's own profiles are not moved.
        expect(await profile('cota@uni.example')).toMatchObject({ section: null, group: null });

        // A new address is placed when its account accepts the invitation.
        await createUser(t.db, { email: 'carla@new.example', name: 'Carla' });
        const carla = apiAs(t.app, await signIn(t.app, 'carla@new.example'));
        const [invitation] = (await carla('GET', '/api/project_invitations')).json().data as { id: number }[];
        const accepted = await carla('POST', `/api/project_invitations/${invitation!.id}/accept_invitation`, {
          folder_id: await defaultFolderId(carla),
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(await profile('carla@new.example')).toEqual({
          year: 3,
          semester: '2026-2',
          section: 'B',
          group: '2',
        });
        expect(await formsOf(carla)).toEqual([]);
      });

      it('changes nothing when the same file is imported again, and adds only a new row’s invitation', async () => {
        const templateId = await createTemplate();
        await imported(templateId, ROSTER);
        const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
        const [invitation] = (await ana('GET', '/api/project_invitations')).json().data as { id: number }[];
        await ana('POST', `/api/project_invitations/${invitation!.id}/accept_invitation`, {
          folder_id: await defaultFolderId(ana),
        });
        const mails = t.mail.messages.length;
        const before = await importCounts(t.db);

        const again = await imported(templateId, ROSTER);
        expect(again.applied).toBe(true);
        expect(again.summary).toMatchObject({
          teams_to_create: 0,
          teams_to_update: 0,
          teams_unchanged: 3,
          invitations_to_send: 0,
          students_unchanged: 6,
          viewers_to_add: 0,
        });
        expect(again.teams[0]!.students.map((s) => s.status)).toEqual(['member', 'invited']);
        expect(await importCounts(t.db)).toEqual(before);
        expect(t.mail.messages).toHaveLength(mails);

        const grown = await imported(templateId, `${ROSTER}\r\ngabi@new.example,Gabi,team  3,,\r\n`);
        expect(grown.summary).toMatchObject({
          teams_to_create: 0,
          invitations_to_send: 1,
          students_unchanged: 6,
        });
        const after = await importCounts(t.db);
        expect(after).toEqual({
          ...before,
          project_invitations: before.project_invitations! + 1,
          activities: before.activities! + 1,
        });
        const gabi = await t.db
          .selectFrom('project_invitations')
          .innerJoin('projects', 'projects.id', 'project_invitations.project_id')
          .select(['projects.name', 'project_invitations.role'])
          .where('email', '=', 'gabi@new.example')
          .execute();
        expect(gabi).toEqual([{ name: 'Software II · Team 3', role: 'member' }]);
        expect(t.mail.messages).toHaveLength(mails + 1);
      });

      it('answers the plan on a dry run and writes nothing', async () => {
        const templateId = await createTemplate();
        const before = await snapshot(t.db);
        const plan = await imported(templateId, ROSTER, { dry_run: true });
        expect(plan.applied).toBe(false);
        expect(plan.separator).toBe(',');
        expect(plan.teams.map((team) => [team.project_name, team.status, team.project_id])).toEqual([
          ['Software II · Team 1', 'create', null],
          ['Software II · Team 2', 'create', null],
          ['Software II · Team 3', 'create', null],
        ]);
        expect(plan.teams[1]!.students.map((s) => [s.line, s.email, s.role, s.status])).toEqual([
          [4, 'carla@new.example', 'owner', 'invite'],
          [5, 'dani@new.example', 'member', 'invite'],
          [6, 'eva@new.example', 'member', 'invite'],
        ]);
        expect(await snapshot(t.db)).toEqual(before);
        expect(t.mail.messages).toEqual([]);
      });

      it('refuses a file with bad rows (422), listing every bad line, and makes nothing', async () => {
        const templateId = await createTemplate();
        const csv = [
          'email,name,team,section,group',
          'ana@uni.example,Ana,Team 1,A,1',
          'ana-at-uni.example,Bad,Team 1,A,1',
          'beto@uni.example,Beto,,A,1',
          'ana@uni.example,Ana,Team 2,B,1',
          'carla@new.example,Carla,Team 1,C,1',
          'dani@new.example,Dani,Team 3,A,1',
        ].join('\n');
        const before = await importCounts(t.db);
        const preview = await imported(templateId, csv, { dry_run: true });
        expect(preview.error_count).toBe(4);
        const response = await importRoster(
          templateId,
          { csv, co_teachers: ['nobody@uni.example'] },
          teacherEs,
        );
        expect(response.statusCode).toBe(422);
        const body = response.json() as { code: string; errors: string[]; data: Plan };
        expect(body.code).toBe('ROSTER_NOT_VALID');
        expect(body.errors[0]).toBe(
          'No se importó nada: la lista tiene problemas (5). Corrige las líneas indicadas y vuelve a intentarlo.',
        );
        expect(body.data.applied).toBe(false);
        expect(body.data.errors.map(({ line, column, code }) => [line, column, code])).toEqual([
          [null, 'co_teachers', 'ROSTER_CO_TEACHER_NOT_FOUND'],
          [3, 'email', 'EMAIL_NOT_VALID'],
          [4, 'team', 'ROSTER_TEAM_REQUIRED'],
          [5, 'email', 'ROSTER_EMAIL_IN_TWO_TEAMS'],
          [6, 'section', 'ROSTER_TEAM_SECTIONS'],
        ]);
        expect(body.data.errors[3]!.message).toBe('Este correo ya está en el equipo «Team 1» (línea 2).');
        expect(await importCounts(t.db)).toEqual(before);
        expect(t.mail.messages).toEqual([]);
        // Fixed, the same file imports.
        const fixed = csv
          .replace('ana-at-uni', 'ana2@uni')
          .replace(',,A', ',Team 1,A')
          .replace('ana@uni.example,Ana,Team 2', 'eli@uni.example,Eli,Team 2')
          .replace('Team 1,C', 'Team 1,A');
        const plan = await imported(templateId, fixed);
        expect(plan.summary).toMatchObject({ teams_to_create: 3, invitations_to_send: 6 });
      });

      it('reads a Spanish spreadsheet: BOM, `;`, Spanish headers and roles, quoted values', async () => {
        const templateId = await createTemplate();
        const csv =
          '\uFEFFCorreo;Nombre;Equipo;Sección;Grupo;Rol\r\n' +
          'luis@new.example;"Pérez; Luis";Equipo Rojo;A;1;miembro\r\n' +
          'marta@new.example;Marta;Equipo Rojo;A;1;Propietario\r\n' +
          ';;;;;\r\n';
        const plan = await imported(templateId, csv);
        expect(plan.separator).toBe(';');
        expect(plan.teams).toMatchObject([
          {
            team: 'Equipo Rojo',
            project_name: 'Software II · Equipo Rojo',
            section: 'A',
            group: '1',
            students: [
              { email: 'luis@new.example', role: 'member' },
              { email: 'marta@new.example', role: 'owner' },
            ],
          },
        ]);
      });

      it('updates a team’s placement when the template’s semester changes, and the rest stays', async () => {
        const templateId = await createTemplate();
        await imported(templateId, ROSTER);
        await teacher('PUT', `/api/course_templates/${templateId}`, { ...TEMPLATE, semester: '2027-1' });
        const plan = await imported(templateId, ROSTER);
        expect(plan.summary).toMatchObject({
          teams_to_update: 3,
          teams_to_create: 0,
          invitations_to_send: 0,
        });
        const semesters = await t.db
          .selectFrom('projects')
          .select('course_semester')
          .where('name', 'like', 'Software II%')
          .execute();
        expect(semesters.map((p) => p.course_semester)).toEqual(['2027-1', '2027-1', '2027-1']);
      });

      it('makes a new project for a team whose project was deleted', async () => {
        const templateId = await createTemplate();
        const first = await imported(templateId, ROSTER);
        await t.db.deleteFrom('projects').where('id', '=', first.teams[2]!.project_id!).execute();
        const plan = await imported(templateId, ROSTER);
        expect(plan.teams.map((team) => team.status)).toEqual(['unchanged', 'unchanged', 'create']);
        expect(plan.teams[2]!.project_id).not.toBe(first.teams[2]!.project_id);
      });
    });
  },
);
