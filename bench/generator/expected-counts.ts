import type { CourseScale } from './scale.js';
import type { TableCounts } from './tables.js';

/**
 * The row counts a scale promises. Tables whose size depends on chance (links, logs, checklists,
 * commits) are left out; the summary reports them as counted.
 */
export function expectedCounts(scale: CourseScale): Partial<TableCounts> {
  const students = scale.teams * scale.studentsPerTeam;
  const users = students + scale.teachers + 1;
  const invitedMembers = scale.studentsPerTeam - 1 + scale.teachersPerTeam;
  const boards = scale.teams * scale.boardsPerProject;
  return {
    users,
    auth_sessions: 0,
    user_tokens: 0,
    folders: users,
    projects: scale.teams,
    project_members: scale.teams * (scale.studentsPerTeam + scale.teachersPerTeam),
    project_invitations: scale.teams * scale.invitationsPerTeam,
    // Per project: created; each member's invitation.sent + project.joined; each pending invitation.sent.
    activities: scale.teams * (1 + 2 * invitedMembers + scale.invitationsPerTeam),
    labels: scale.teams * scale.labelsPerProject,
    milestones: scale.teams * (scale.milestonesPerProject + scale.sprintsPerProject),
    boards,
    columns: boards * scale.columnsPerBoard,
    tasks: scale.bigBoardTasks + (boards - 1) * scale.tasksPerBoard,
    hours: scale.hours,
    comments: scale.comments,
    attachments: 0,
    standups: scale.teams * scale.standupsPerTeam,
    evaluations: scale.teams * scale.evaluationsPerTeam,
    evaluation_members: scale.teams * scale.evaluationsPerTeam * scale.studentsPerTeam,
    evaluation_questions: scale.teams * scale.evaluationsPerTeam * 8,
    evaluation_responses: scale.teams * scale.evaluationsPerTeam * scale.studentsPerTeam,
    evaluation_answers:
      scale.teams * scale.evaluationsPerTeam * scale.studentsPerTeam * (scale.studentsPerTeam - 1) * 8,
  };
}
