import type { ProjectRole } from '@teamboard/contract';
import { DAY, HOUR, MINUTE, isoDate } from './calendar.js';
import { BOARD_NAMES, COLUMN_NAMES, LABELS, PROJECT_IDEAS } from './catalog.js';
import type { GenerationContext, Team } from './context.js';
import type { ActivityDraft, BoardDraft, LabelDraft, ProjectDraft, UserDraft } from './drafts.js';
import { guestEmail, teamGroup } from './identities.js';

/** A team's project with what its owner set up on the first day, and its pending invitations. */
export interface TeamProject {
  team: Team;
  project: ProjectDraft;
  boards: BoardDraft[];
}

function activity(
  context: GenerationContext,
  fields: Omit<ActivityDraft, 'id' | 'subject' | 'role'> & Partial<Pick<ActivityDraft, 'subject' | 'role'>>,
): void {
  context.course.activities.push({ id: 0, subject: null, role: null, ...fields });
}

/** ProjectsService.create: the project, the owner's membership in their default folder, the feed event. */
function createProject(context: GenerationContext, team: Team, at: number): ProjectDraft {
  const { rng, course } = context;
  const owner = team.students[0]!;
  const project: ProjectDraft = {
    id: 0,
    at,
    name: `${teamGroup(team.number)} · ${rng.pick(PROJECT_IDEAS)}`,
    description: `Semester project of ${teamGroup(team.number)}.`,
    owner,
  };
  course.projects.push(project);
  join(context, project, owner, 'owner', at);
  activity(context, { at, kind: 'project.created', actor: owner, project });
  return project;
}

/** addMembership: filed in the user's default folder; sort orders are numbered later (finishPlacements). */
function join(
  context: GenerationContext,
  project: ProjectDraft,
  user: UserDraft,
  role: ProjectRole,
  at: number,
) {
  const folder = context.defaultFolder.get(user)!;
  context.course.memberships.push({ id: 0, at, project, user, role, folder, sort_order: 0 });
}

/** InvitationsService.send then accept: the invitation row is deleted on acceptance, the events stay. */
function inviteAndAccept(
  context: GenerationContext,
  project: ProjectDraft,
  user: UserDraft,
  role: ProjectRole,
  at: number,
) {
  const owner = project.owner;
  activity(context, {
    at,
    kind: 'invitation.sent',
    actor: owner,
    project,
    subject: { user, name: user.name },
    role,
  });
  const acceptedAt = at + context.rng.int(10, 12 * 60) * MINUTE; // before the first tasks (day 2)
  join(context, project, user, role, acceptedAt);
  activity(context, { at: acceptedAt, kind: 'project.joined', actor: user, project, role });
}

function createLabels(context: GenerationContext, project: ProjectDraft, at: number): LabelDraft[] {
  return LABELS.slice(0, context.scale.labelsPerProject).map((label, index) => {
    const draft = { id: 0, at: at + index * MINUTE, project, ...label };
    context.course.labels.push(draft);
    return draft;
  });
}

/** Two-week sprints from the first day, then milestones spread over the semester. */
function createMilestones(context: GenerationContext, project: ProjectDraft, at: number): void {
  const { scale, semester, course } = context;
  for (let sprint = 0; sprint < scale.sprintsPerProject; sprint++) {
    const start = semester.start + sprint * 14 * DAY;
    course.milestones.push({
      id: 0,
      at: at + sprint * MINUTE,
      project,
      name: `Sprint ${sprint + 1}`,
      start_date: isoDate(start),
      deadline: isoDate(start + 13 * DAY),
      sprint: true,
    });
  }
  for (let index = 0; index < scale.milestonesPerProject; index++) {
    const deadline =
      semester.start + Math.round(((index + 1) * (semester.days - 1)) / scale.milestonesPerProject) * DAY;
    course.milestones.push({
      id: 0,
      at: at + (scale.sprintsPerProject + index) * MINUTE,
      project,
      name: index === scale.milestonesPerProject - 1 ? 'Final delivery' : `Milestone ${index + 1}`,
      start_date: isoDate(semester.start),
      deadline: isoDate(deadline),
      sprint: false,
    });
  }
}

function boardName(index: number): string {
  return BOARD_NAMES[index] ?? `Board ${index + 1}`;
}

/** A board's columns: the first n - 2 names and the last two (Done, Released). */
export function columnNames(count: number): string[] {
  return [...COLUMN_NAMES.slice(0, count - 2), ...COLUMN_NAMES.slice(-2)];
}

/**
 * BoardsService.create (labels offered from the start, position max + 1) then createColumn ×n:
 * each column touches the board (updated_at) and bumps its version.
 */
function createBoard(
  context: GenerationContext,
  project: ProjectDraft,
  labels: LabelDraft[],
  index: number,
  at: number,
): BoardDraft {
  const { rng, course } = context;
  const offered =
    index === 0 ? labels : rng.sample(labels, rng.int(Math.min(3, labels.length), labels.length));
  const board: BoardDraft = {
    id: 0,
    at,
    project,
    name: boardName(index),
    description: index === 0 ? 'Where the code gets done.' : '',
    position: index + 1,
    labels: offered,
    columns: [],
    updated_at: at,
    version: 0,
  };
  columnNames(context.scale.columnsPerBoard).forEach((name, position) => {
    const columnAt = at + (position + 1) * MINUTE;
    board.columns.push({ id: 0, at: columnAt, board, name, position: position + 1 });
    board.updated_at = columnAt;
    board.version += 1;
  });
  course.boards.push(board);
  course.columns.push(...board.columns);
  return board;
}

/** Pending invitations: one to the last student of the next team (viewer), the rest to guests. */
function invitePending(context: GenerationContext, project: ProjectDraft, team: Team, nextTeam: Team | null) {
  const { rng, semester, course } = context;
  for (let index = 0; index < context.scale.invitationsPerTeam; index++) {
    const invitee = index === 0 && nextTeam ? nextTeam.students.at(-1)! : null;
    const email = invitee?.email ?? guestEmail(team.number, index + 1);
    const role: ProjectRole = invitee ? 'viewer' : 'member';
    const at = semester.start + rng.int(14, semester.days - 1) * DAY + rng.int(9 * 60, 20 * 60) * MINUTE;
    course.invitations.push({ id: 0, at, project, email, role, sender: project.owner });
    const subject = { user: invitee, name: invitee?.name ?? email };
    activity(context, { at, kind: 'invitation.sent', actor: project.owner, project, subject, role });
  }
}

/** Day one of team `team`: project, labels, milestones, boards, members (students, then teachers). */
export function createTeamProject(
  context: GenerationContext,
  team: Team,
  nextTeam: Team | null,
): TeamProject {
  const at = context.semester.start + 8 * HOUR + (team.number - 1) * 7 * MINUTE;
  const project = createProject(context, team, at);
  const labels = createLabels(context, project, at + 5 * MINUTE);
  createMilestones(context, project, at + 20 * MINUTE);
  const boards = Array.from({ length: context.scale.boardsPerProject }, (_, index) =>
    createBoard(context, project, labels, index, at + (40 + index * 15) * MINUTE),
  );
  const invitees: [UserDraft, ProjectRole][] = [
    ...team.students.slice(1).map((student) => [student, 'member'] as [UserDraft, ProjectRole]),
    ...team.teachers.map((teacher) => [teacher, 'viewer'] as [UserDraft, ProjectRole]),
  ];
  invitees.forEach(([user, role], index) =>
    inviteAndAccept(context, project, user, role, at + 2 * HOUR + index * MINUTE),
  );
  invitePending(context, project, team, nextTeam);
  return { team, project, boards };
}

/** nextSortOrder: each user's memberships numbered 1, 2, 3… in the order they joined. */
export function finishPlacements(context: GenerationContext): void {
  const byUser = new Map<UserDraft, typeof context.course.memberships>();
  for (const membership of context.course.memberships) {
    byUser.set(membership.user, [...(byUser.get(membership.user) ?? []), membership]);
  }
  for (const memberships of byUser.values()) {
    memberships
      .sort((a, b) => a.at - b.at)
      .forEach((membership, index) => (membership.sort_order = index + 1));
  }
}
