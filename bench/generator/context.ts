import type { Semester } from './calendar.js';
import type { CourseDrafts, FolderDraft, UserDraft } from './drafts.js';
import type { Random } from './random.js';
import type { CourseScale } from './scale.js';

/** What every generation step reads (scale, calendar, chance) and adds its rows to. */
export interface GenerationContext {
  rng: Random;
  scale: CourseScale;
  semester: Semester;
  course: CourseDrafts;
  /** Each user's default folder, where every membership of theirs is filed. */
  defaultFolder: Map<UserDraft, FolderDraft>;
}

/** A team: its students (the first owns the project) and the teachers of its section. */
export interface Team {
  number: number;
  students: UserDraft[];
  teachers: UserDraft[];
}

export function emptyCourse(): CourseDrafts {
  return {
    users: [],
    folders: [],
    projects: [],
    memberships: [],
    invitations: [],
    activities: [],
    labels: [],
    milestones: [],
    boards: [],
    columns: [],
    tasks: [],
    commits: [],
    logs: [],
    hours: [],
    comments: [],
    checklistItems: [],
    standups: [],
    evaluations: [],
    evaluationQuestions: [],
    evaluationResponses: [],
    evaluationAnswers: [],
  };
}
