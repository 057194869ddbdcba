import { semesterOf } from './calendar.js';

/** How big a generated course is. Every number is a field, so tests can choose their own. */
export interface CourseScale {
  teams: number;
  studentsPerTeam: number;
  /** Teaching staff in all; they are split into sections of `teachersPerTeam`, each section's teams share them. */
  teachers: number;
  teachersPerTeam: number;
  boardsPerProject: number;
  /** At most 10 (the column names of a board, see catalog.ts). */
  columnsPerBoard: number;
  /** Open tasks on the course's one big board (team 1's first board). */
  bigBoardTasks: number;
  /** Tasks on every other board. */
  tasksPerBoard: number;
  /** At most 8 (see catalog.ts). */
  labelsPerProject: number;
  milestonesPerProject: number;
  /** Two-week sprints from the start of the semester (milestones with the sprint flag). */
  sprintsPerProject: number;
  /** Hour entries in the whole course, split evenly across teams. */
  hours: number;
  /** Comments in the whole course, split evenly across teams. */
  comments: number;
  /** Pending invitations per project: one to a student of the next team, the rest to addresses without an account. */
  invitationsPerTeam: number;
  /** Share of tasks with a checklist (2–6 items). */
  checklistShare: number;
  /**
   * Stand-ups each team's students post over the semester (issue 18), split evenly among them: every
   * weekday but a few, the rest on weekends. 0: none. From the day after they join (day one), so at most students × (semester days - 1).
   */
  standupsPerTeam: number;
  /**
   * Team (peer) evaluations per team (issue 18), spread over the semester, a week each: every student
   * rates every other one on 8 questions (6 scale, 2 text) and submits. 0: none.
   */
  evaluationsPerTeam: number;
  /** The semester: first and last day (YYYY-MM-DD); the generator's "now" is the morning after. */
  semesterStart: string;
  semesterEnd: string;
}

const SEMESTER = { semesterStart: '2026-09-01', semesterEnd: '2026-12-18' } as const;

/** The course of issue 6: 40 teams, a 2,000-task board, 100,000 hours, 20,000 comments. */
export const FULL_SCALE: CourseScale = {
  teams: 40,
  studentsPerTeam: 5,
  teachers: 10,
  teachersPerTeam: 2,
  boardsPerProject: 3,
  columnsPerBoard: 10,
  bigBoardTasks: 2000,
  tasksPerBoard: 40,
  labelsPerProject: 8,
  milestonesPerProject: 2,
  sprintsPerProject: 7,
  hours: 100_000,
  comments: 20_000,
  invitationsPerTeam: 3,
  checklistShare: 0.3,
  standupsPerTeam: 0,
  evaluationsPerTeam: 0,
  ...SEMESTER,
};

/** Seconds, for CI: the same shape with 2 teams and a 200-task big board. */
export const SMALL_SCALE: CourseScale = {
  ...FULL_SCALE,
  teams: 2,
  teachers: 2,
  bigBoardTasks: 200,
  tasksPerBoard: 20,
  hours: 2000,
  comments: 400,
  standupsPerTeam: 200,
  evaluationsPerTeam: 1,
};

export const SCALES = { full: FULL_SCALE, small: SMALL_SCALE } as const;
export type ScaleName = keyof typeof SCALES;

/** Throws on a scale the generator cannot honour, naming the field. */
export function assertValidScale(scale: CourseScale): void {
  const problems: string[] = [];
  if (scale.teams < 1) problems.push('teams must be at least 1');
  if (scale.studentsPerTeam < 1) problems.push('studentsPerTeam must be at least 1');
  if (scale.teachersPerTeam < 0 || scale.teachersPerTeam > scale.teachers) {
    problems.push('teachersPerTeam must be between 0 and teachers');
  }
  if (scale.teachersPerTeam > 0 && scale.teachers % scale.teachersPerTeam !== 0) {
    problems.push('teachers must be a multiple of teachersPerTeam (whole sections)');
  }
  if (scale.boardsPerProject < 1) problems.push('boardsPerProject must be at least 1');
  if (scale.columnsPerBoard < 2 || scale.columnsPerBoard > 10) problems.push('columnsPerBoard must be 2–10');
  if (scale.labelsPerProject < 0 || scale.labelsPerProject > 8) problems.push('labelsPerProject must be 0–8');
  // Every team reports hours and comments on its own tasks, so every board needs some.
  if (scale.bigBoardTasks < 1 || scale.tasksPerBoard < 1) problems.push('every board needs at least 1 task');
  if (scale.semesterEnd <= scale.semesterStart) problems.push('semesterEnd must follow semesterStart');
  if (
    scale.standupsPerTeam < 0 ||
    scale.standupsPerTeam > scale.studentsPerTeam * (semesterOf(scale).days - 1)
  ) {
    problems.push('standupsPerTeam must be 0 to one per student and semester day after the first');
  }
  if (scale.evaluationsPerTeam < 0) problems.push('evaluationsPerTeam must be at least 0');
  if (scale.evaluationsPerTeam > 0 && (scale.studentsPerTeam < 2 || semesterOf(scale).days < 14)) {
    problems.push('evaluationsPerTeam needs 2 students per team and a semester of 14 days');
  }
  if (problems.length > 0) throw new Error(`Invalid course scale: ${problems.join('; ')}`);
}
