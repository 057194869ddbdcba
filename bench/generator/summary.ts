import type { CourseScale } from './scale.js';
import type { TableCounts } from './tables.js';

/** What a generated course holds, and the handles benchmarks and tests need to use it. */
export interface CourseSummary {
  seed: number;
  scale: CourseScale;
  /** The generator's fixed "now" (the morning after the semester): every timestamp is before it. */
  now: string;
  /** Every account's password. */
  password: string;
  counts: TableCounts;
  adminEmail: string;
  /** The course's one big board (team 1's first board). */
  bigBoard: {
    id: number;
    projectId: number;
    /** Open (not archived) tasks on it: what GET /api/boards/:id lists. */
    taskCount: number;
    /** A task on it (the first created). */
    taskId: number;
    columns: { id: number; name: string }[];
    /** Team 1's project owner. */
    ownerEmail: string;
    /** Team 1's students, owner first. */
    studentEmails: string[];
    /** Team 1's teachers (viewers of the project). */
    teacherEmails: string[];
  };
  /** Every team's project, by team number (1-based). */
  projects: { team: number; projectId: number; ownerEmail: string; boardIds: number[] }[];
}
