import { MINUTE, dayStart } from './calendar.js';
import { TASK_OBJECTS, TASK_VERBS } from './catalog.js';
import type { GenerationContext } from './context.js';
import type { BoardDraft, TaskDraft } from './drafts.js';
import { replayPositions, type PlacementEvent } from './positions.js';
import type { TeamProject } from './projects.js';
import { addChecklist, moveTask, planTask, type TaskSetting } from './task-life.js';

/**
 * TasksService.create: appended to its start column (the position comes from the replay), logged
 * as 'created' with the title, one board version.
 */
function createTask(
  context: GenerationContext,
  board: BoardDraft,
  setting: TaskSetting,
  createdDay: number,
): TaskDraft {
  const { rng, semester, course } = context;
  const at = dayStart(semester, createdDay) + rng.int(8 * 60, 12 * 60 - 1) * MINUTE + rng.int(0, 59) * 1000;
  const creator = rng.pick(setting.students);
  const task: TaskDraft = {
    id: 0,
    at,
    board,
    column: board.columns[0]!,
    title: `${rng.pick(TASK_VERBS)} ${rng.pick(TASK_OBJECTS)}`,
    description: '',
    position: 0,
    completed_at: null,
    priority: null,
    deadline: null,
    starting_date: null,
    expected_hours: null,
    is_blocked: false,
    blocked_reason: null,
    milestone: null,
    total_hours: 0,
    created_by: creator,
    updated_at: at,
    assignees: [],
    labels: [],
  };
  course.tasks.push(task);
  course.logs.push({
    id: 0,
    at,
    task,
    user: creator,
    field: 'created',
    old_value: null,
    new_value: task.title,
  });
  board.version += 1;
  planTask(context, task, setting, creator);
  return task;
}

/** A board's tasks over the semester: created, planned, moved along, some with a checklist. */
function fillBoard(
  context: GenerationContext,
  board: BoardDraft,
  setting: TaskSetting,
  count: number,
): TaskDraft[] {
  const { rng, semester, scale } = context;
  const lastCreationDay = Math.max(1, semester.days - 8);
  const events: PlacementEvent[] = [];
  const tasks = Array.from({ length: count }, () => {
    const createdDay = rng.int(1, lastCreationDay);
    const task = createTask(context, board, setting, createdDay);
    events.push(...moveTask(context, task, setting, createdDay));
    if (rng.chance(scale.checklistShare)) addChecklist(context, task, task.at + 60 * MINUTE);
    return task;
  });
  replayPositions(events);
  return tasks;
}

/** Every board of a team's project; the course's first board is the big one. */
export function createTeamTasks(context: GenerationContext, teamProject: TeamProject): TaskDraft[] {
  const { scale, course } = context;
  const setting: TaskSetting = {
    students: teamProject.team.students,
    milestones: course.milestones.filter((milestone) => milestone.project === teamProject.project),
  };
  return teamProject.boards.flatMap((board) => {
    const isBigBoard = board === course.boards[0];
    return fillBoard(context, board, setting, isBigBoard ? scale.bigBoardTasks : scale.tasksPerBoard);
  });
}
