import {
  teamProjectName,
  type ProjectRole,
  type RosterStudentStatus,
  type RosterSummary,
  type RosterTeamStatus,
} from '@teamboard/contract';
import type { LinkedProject, Placement } from './roster.repository.js';
import { rolesOf, type RosterRow } from './roster-rows.js';

export interface PlannedStudent {
  row: RosterRow;
  role: ProjectRole;
  status: RosterStudentStatus;
}

export interface PlannedTeam {
  key: string;
  team: string;
  section: string | null;
  group: string | null;
  /** The team's project from an earlier import, or null (to create). */
  projectId: number | null;
  projectName: string;
  status: RosterTeamStatus;
  placement: Placement;
  /** Staff user ids to add as viewers. */
  viewersToAdd: number[];
  students: PlannedStudent[];
}

export interface PlanInput {
  template: { name: string; year: number | null; semester: string | null };
  rows: RosterRow[];
  rowCount: number;
  links: LinkedProject[];
  /** "projectId email" of members and of pending invitations; "projectId userId" of members. */
  present: { members: Set<string>; memberIds: Set<string>; invited: Set<string> };
  /** The caller and the co-teachers. */
  staffIds: number[];
}

const samePlacement = (a: Placement, b: Placement) =>
  a.course_year === b.course_year &&
  a.course_semester === b.course_semester &&
  a.course_section === b.course_section &&
  a.course_group === b.course_group;

/**
 * What importing these rows would do, team by team (teams in the order the file first names them):
 * a project to create or the one an earlier import made (its placement updated when the template's
 * year or semester, or the team's section or group, changed; a value left blank keeps the project's),
 * staff to add as viewers, and each
 * student's invitation — new, already pending, or not needed (already a member).
 */
export function planRoster(input: PlanInput): { teams: PlannedTeam[]; summary: RosterSummary } {
  const roles = rolesOf(input.rows);
  const linked = new Map(input.links.map((link) => [link.team_key, link]));
  const teams = new Map<string, PlannedTeam>();
  for (const row of input.rows) {
    let team = teams.get(row.teamKey);
    if (!team) {
      const link = linked.get(row.teamKey);
      const placement: Placement = {
        course_year: input.template.year === null ? null : String(input.template.year),
        course_semester: input.template.semester,
        course_section: row.section,
        course_group: row.group,
      };
      team = {
        key: row.teamKey,
        team: row.team,
        section: row.section,
        group: row.group,
        projectId: link?.project_id ?? null,
        projectName: link?.name ?? teamProjectName(input.template.name, row.team),
        status: link ? 'unchanged' : 'create',
        placement,
        viewersToAdd: input.staffIds.filter(
          (userId) => !link || !input.present.memberIds.has(`${link.project_id} ${userId}`),
        ),
        students: [],
      };
      teams.set(row.teamKey, team);
    }
    // A later row may be the first to say the team's section or group.
    if (team.section === null && row.section !== null)
      team.section = team.placement.course_section = row.section;
    if (team.group === null && row.group !== null) team.group = team.placement.course_group = row.group;
    const where = `${team.projectId} ${row.email}`;
    const status: RosterStudentStatus =
      team.projectId === null
        ? 'invite'
        : input.present.members.has(where)
          ? 'member'
          : input.present.invited.has(where)
            ? 'invited'
            : 'invite';
    team.students.push({ row, role: roles.get(row)!, status });
  }
  const list = [...teams.values()];
  for (const team of list) {
    const link = linked.get(team.key);
    if (!link) continue;
    // What the roster and the template leave unsaid keeps the project's own value.
    team.placement = {
      course_year: team.placement.course_year ?? link.course_year,
      course_semester: team.placement.course_semester ?? link.course_semester,
      course_section: team.placement.course_section ?? link.course_section,
      course_group: team.placement.course_group ?? link.course_group,
    };
    team.status = samePlacement(link, team.placement) ? 'unchanged' : 'update';
  }
  const students = list.flatMap((team) => team.students);
  return {
    teams: list,
    summary: {
      rows: input.rowCount,
      teams: list.length,
      teams_to_create: list.filter((team) => team.status === 'create').length,
      teams_to_update: list.filter((team) => team.status === 'update').length,
      teams_unchanged: list.filter((team) => team.status === 'unchanged').length,
      invitations_to_send: students.filter((student) => student.status === 'invite').length,
      students_unchanged: students.filter((student) => student.status !== 'invite').length,
      viewers_to_add: list.reduce((sum, team) => sum + team.viewersToAdd.length, 0),
    },
  };
}
