import { iso, semesterOf } from './calendar.js';
import { emptyCourse, type GenerationContext } from './context.js';
import type { CourseDrafts } from './drafts.js';
import { COURSE_PASSWORD } from './identities.js';
import { numberCourse } from './number-by-time.js';
import { coursePasswordHash } from './password.js';
import { createPeople } from './people.js';
import { createTeamProject, finishPlacements, type TeamProject } from './projects.js';
import { Random } from './random.js';
import { courseRows, type CourseRows } from './rows.js';
import { assertValidScale, FULL_SCALE, type CourseScale } from './scale.js';
import type { Db } from './server.js';
import type { CourseSummary } from './summary.js';
import { TABLES, type TableCounts } from './tables.js';
import { createTeamEvaluations } from './evaluations.js';
import { createTeamStandups } from './standups.js';
import { createTeamTasks } from './tasks.js';
import { createTeamWork } from './work.js';
import { assertEmptyDatabase, writeCourse } from './write.js';

export interface GenerateCourseOptions {
  /** Same seed, same scale: byte-identical tables. */
  seed: number;
  /** FULL_SCALE when not given. */
  scale?: CourseScale;
}

/** The whole course in memory, ids handed out; no database involved. */
export function buildCourse(
  seed: number,
  scale: CourseScale,
): { course: CourseDrafts; teamProjects: TeamProject[] } {
  assertValidScale(scale);
  const context: GenerationContext = {
    rng: new Random(seed),
    scale,
    semester: semesterOf(scale),
    course: emptyCourse(),
    defaultFolder: new Map(),
  };
  const { teams } = createPeople(context);
  const teamProjects = teams.map((team, index) =>
    createTeamProject(context, team, teams.length > 1 ? teams[(index + 1) % teams.length]! : null),
  );
  finishPlacements(context);
  teamProjects.forEach((teamProject, index) => {
    createTeamWork(context, teamProject, createTeamTasks(context, teamProject), index);
  });
  // Last, so a course without stand-ups or evaluations draws the same numbers as before they existed.
  teamProjects.forEach((teamProject) => createTeamStandups(context, teamProject));
  teamProjects.forEach((teamProject) => createTeamEvaluations(context, teamProject));
  return { course: numberCourse(context.course), teamProjects };
}

function summarize(
  seed: number,
  scale: CourseScale,
  rows: CourseRows,
  teamProjects: TeamProject[],
): CourseSummary {
  const counts = Object.fromEntries(TABLES.map(({ name }) => [name, rows[name].length])) as TableCounts;
  const first = teamProjects[0]!;
  const bigBoard = first.boards[0]!;
  const bigBoardTasks = rows.tasks.filter((task) => task.board_id === bigBoard.id);
  return {
    seed,
    scale,
    now: iso(semesterOf(scale).now),
    password: COURSE_PASSWORD,
    counts,
    adminEmail: rows.users.find((user) => user.account_type === 'admin')!.email,
    bigBoard: {
      id: bigBoard.id,
      projectId: first.project.id,
      taskCount: bigBoardTasks.filter((task) => task.is_archived === 0).length,
      taskId: bigBoardTasks[0]!.id!,
      columns: bigBoard.columns.map((column) => ({ id: column.id, name: column.name })),
      ownerEmail: first.project.owner.email,
      studentEmails: first.team.students.map((student) => student.email),
      teacherEmails: first.team.teachers.map((teacher) => teacher.email),
    },
    projects: teamProjects.map(({ team, project, boards }) => ({
      team: team.number,
      projectId: project.id,
      ownerEmail: project.owner.email,
      boardIds: boards.map((board) => board.id),
    })),
  };
}

/**
 * Writes a realistic course into a freshly migrated database (SQLite or PostgreSQL), row for row
 * what the app's services would have written, deterministically from the seed.
 */
export async function generateCourse(db: Db, options: GenerateCourseOptions): Promise<CourseSummary> {
  const scale = options.scale ?? FULL_SCALE;
  await assertEmptyDatabase(db);
  const passwordHash = await coursePasswordHash(options.seed);
  const { course, teamProjects } = buildCourse(options.seed, scale);
  const rows = courseRows(course, passwordHash);
  await writeCourse(db, rows);
  return summarize(options.seed, scale, rows, teamProjects);
}
