import type { AppDatabase } from '../../db/app-database.js';
import {
  ROSTER_ERRORS_LISTED_MAX,
  type CourseTemplateBody,
  type Language,
  type RosterImportInput,
  type RosterLineError,
  type RosterPlan,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import { projectChanged } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { fillEmptyPlacement } from '../../users/course-placement.js';
import { userChanged, type UserRow } from '../../users/users.js';
import { recordActivity } from '../activity/activity.service.js';
import { addBoardsToProjects } from '../boards/boards.service.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import { sendInvitationsWithin } from '../invitations/invitations.service.js';
import { addLabelsToProjects } from '../labels/labels.service.js';
import { addMemberships, nextSortOrder } from '../members/members.service.js';
import { addMilestonesToProjects } from '../milestones/milestones.service.js';
import { createCourseProjects, setCoursePlacement } from '../projects/projects.service.js';
import { templateBody, type CourseTemplatesService } from './course-templates.service.js';
import type { CourseTemplateListRow } from './course-templates.repository.js';
import { planRoster, type PlannedTeam } from './roster-plan.js';
import { readRoster, type RosterProblem } from './roster-rows.js';
import * as roster from './roster.repository.js';

export interface RosterImportDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  folders: Pick<ProjectFolders, 'defaultFolder'>;
  realtime: RealtimePublisher;
  templates: Pick<CourseTemplatesService, 'managed'>;
}

/** A refused import (422 ROSTER_NOT_VALID): the plan carries every line's problem. */
export class RosterRefused extends AppError {
  constructor(readonly plan: RosterPlan) {
    super('ROSTER_NOT_VALID', undefined, { count: plan.error_count });
  }
}

/** After the commit: who to tell about what. */
interface Applied {
  touchedProjects: number[];
  staffByProject: Map<number, number[]>;
  inviteeIds: number[];
  /** The invited addresses left without a mail by their hourly cap (lib/mail-caps.ts). */
  notMailed: string[];
  /** The students whose empty profile fields took their team's placement. */
  placedIds: number[];
}

/**
 * Roster import (docs/api-course-templates.md): reads the CSV, plans against what earlier imports
 * made, and — not a dry run, no problem — carries the plan out in one transaction: the team
 * projects stamped with the template, the staff as viewers, the students' invitations and their
 * mail. Anything wrong anywhere and nothing is written. Importing the same file again plans nothing.
 */
export class RosterImportService {
  constructor(private readonly deps: RosterImportDeps) {}

  async importRoster(
    user: UserRow,
    templateId: number,
    input: RosterImportInput,
    language: Language,
  ): Promise<RosterPlan> {
    const template = await this.deps.templates.managed(user, templateId);
    const read = readRoster(input.csv);
    const now = this.deps.clock.now().toISOString();
    const outcome: { applied: Applied | null } = { applied: null };
    const plan = await this.deps.db.transaction().execute(async (trx) => {
      await roster.lockTemplate(trx, template.id);
      const { staffIds, problems } = await this.staffOf(trx, user, input.co_teachers);
      const allProblems = [...read.problems, ...problems];
      const links = await roster.linkedProjects(trx, template.id);
      const present = await roster.presentPeople(
        trx,
        links.map((link) => link.project_id),
      );
      const planned = planRoster({
        template,
        rows: read.rows,
        rowCount: read.rowCount,
        links,
        present,
        staffIds,
      });
      const isApplying = !input.dry_run && allProblems.length === 0;
      if (isApplying) outcome.applied = await this.apply(trx, user, template, planned.teams, now);
      return {
        template_id: template.id,
        applied: isApplying,
        separator: read.separator,
        summary: planned.summary,
        teams: planned.teams.map((team) => ({
          team: team.team,
          section: team.placement.course_section,
          group: team.placement.course_group,
          project_id: team.projectId,
          project_name: team.projectName,
          status: team.status,
          viewers_to_add: team.viewersToAdd.length,
          students: team.students.map((student) => ({
            line: student.row.line,
            email: student.row.email,
            name: student.row.name,
            role: student.role,
            status: student.status,
          })),
        })),
        errors: sortProblems(allProblems)
          .slice(0, ROSTER_ERRORS_LISTED_MAX)
          .map((problem) => localize(problem, language)),
        error_count: allProblems.length,
        not_mailed: outcome.applied?.notMailed ?? [],
      } satisfies RosterPlan;
    });
    if (!input.dry_run && plan.error_count > 0) throw new RosterRefused(plan);
    if (outcome.applied) this.announce(outcome.applied, user.id);
    return plan;
  }

  /** The caller and the co-teachers (confirmed teachers or admins); an address that is not one is a problem. */
  private async staffOf(db: Db, user: UserRow, coTeachers: string[]) {
    const emails = [...new Set(coTeachers)].filter((email) => email !== user.email);
    const found = await roster.staffByEmail(db, emails);
    const known = new Set(found.map((staff) => staff.email));
    const problems: RosterProblem[] = emails
      .filter((email) => !known.has(email))
      .map((email) => ({
        line: null,
        column: 'co_teachers',
        code: 'ROSTER_CO_TEACHER_NOT_FOUND',
        params: { email },
      }));
    return { staffIds: [user.id, ...found.map((staff) => staff.id)], problems };
  }

  private async apply(
    trx: Db,
    user: UserRow,
    template: CourseTemplateListRow,
    teams: PlannedTeam[],
    now: string,
  ): Promise<Applied> {
    const fresh = teams.filter((team) => team.status === 'create');
    const created = await createCourseProjects(
      trx,
      fresh.map((team) => ({ name: team.projectName, ...team.placement })),
      user.id,
      now,
    );
    const ids = new Map(created.map((project) => [project.name, project.id]));
    for (const team of fresh) team.projectId = ids.get(team.projectName)!;
    await roster.insertLinks(
      trx,
      fresh.map((team) => ({
        template_id: template.id,
        team_key: team.key,
        team: team.team,
        project_id: team.projectId!,
        created_at: now,
      })),
    );
    await this.stampContent(
      trx,
      fresh.map((team) => team.projectId!),
      templateBody(template),
      now,
    );
    for (const team of fresh) {
      const project = { id: team.projectId!, name: team.projectName };
      await recordActivity(trx, { kind: 'project.created', actor: user, project, at: now });
    }
    for (const team of teams.filter((candidate) => candidate.status === 'update'))
      await setCoursePlacement(trx, team.projectId!, team.placement, now);
    const staffByProject = await this.addViewers(trx, teams, now);
    const placedIds: number[] = [];
    for (const team of teams) {
      const emails = team.students.map((student) => student.row.email);
      placedIds.push(...(await fillEmptyPlacement(trx, { emails }, team.placement)));
    }
    const invitations = teams.flatMap((team) =>
      team.students
        .filter((student) => student.status === 'invite')
        .map((student) => ({
          project: { id: team.projectId!, name: team.projectName },
          email: student.row.email,
          role: student.role,
        })),
    );
    const { inviteeIds, notMailed } = await sendInvitationsWithin(
      trx,
      { mailer: this.deps.mailer, appUrl: this.deps.appUrl },
      user,
      invitations,
      now,
    );
    const touched = teams.filter((team) => team.status !== 'unchanged' || team.viewersToAdd.length > 0);
    return {
      touchedProjects: touched.map((team) => team.projectId!),
      staffByProject,
      inviteeIds,
      notMailed,
      placedIds,
    };
  }

  /** The template's boards (with their columns), labels and milestones in each new project, each by its owner. */
  private async stampContent(trx: Db, projectIds: number[], body: CourseTemplateBody, now: string) {
    await addBoardsToProjects(trx, projectIds, body.boards, now);
    await addLabelsToProjects(trx, projectIds, body.labels);
    await addMilestonesToProjects(trx, projectIds, body.milestones, now);
  }

  /**
   * Each staff member joins as a viewer, filed at the end of their default folder (in batches rather
   * than one members.service call per project: a course is 60 projects or more).
   */
  private async addViewers(trx: Db, teams: PlannedTeam[], now: string): Promise<Map<number, number[]>> {
    const byProject = new Map<number, number[]>();
    const viewers: Parameters<typeof addMemberships>[1] = [];
    const placeOf = new Map<number, { folderId: number; sortOrder: number }>();
    for (const team of teams) {
      for (const userId of team.viewersToAdd) {
        let place = placeOf.get(userId);
        if (!place) {
          const folder = await this.deps.folders.defaultFolder(userId, trx);
          place = { folderId: folder.id, sortOrder: await nextSortOrder(trx, userId, folder.id) };
          placeOf.set(userId, place);
        }
        viewers.push({ projectId: team.projectId!, userId, role: 'viewer', ...place });
        place.sortOrder += 1;
        byProject.set(team.projectId!, [...(byProject.get(team.projectId!) ?? []), userId]);
      }
    }
    await addMemberships(trx, viewers, now);
    return byProject;
  }

  /** After the commit: remembered access is forgotten; staff's project lists and invitees' bells refresh. */
  private announce(applied: Applied, callerId: number): void {
    for (const projectId of applied.touchedProjects) projectChanged(this.deps.database.stamps, projectId);
    for (const userId of applied.placedIds) userChanged(this.deps.database.stamps, userId);
    for (const [projectId, staffIds] of applied.staffByProject)
      this.deps.realtime.user(staffIds, { type: 'projects.changed', project_id: projectId });
    if (applied.inviteeIds.length > 0)
      this.deps.realtime.user(
        applied.inviteeIds.filter((id) => id !== callerId),
        { type: 'invitations.changed' },
      );
  }
}

/** Problems of the whole request first, then by line and column order. */
function sortProblems(problems: RosterProblem[]): RosterProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

function localize(problem: RosterProblem, language: Language): RosterLineError {
  return {
    line: problem.line,
    column: problem.column,
    code: problem.code,
    params: problem.params,
    message: translate(language, `errors:${problem.code}`, problem.params),
  };
}
