import type { Db } from '../db/database.js';
import { RememberedProjects, rememberingLocate } from '../db/remembered-projects.js';

/** Tables whose rows carry their project's id. */
type ProjectOwned = 'tasks' | 'labels' | 'milestones' | 'repositories';
/** Tables whose rows hang on a task (their project is the task's). */
type TaskOwned = 'hours' | 'comments' | 'checklist_items' | 'attachments' | 'task_commits';

const memories = new Map<string, RememberedProjects>();
function memoryOf(table: string): RememberedProjects {
  let memory = memories.get(table);
  if (!memory) memories.set(table, (memory = new RememberedProjects()));
  return memory;
}

/**
 * Remembers the project of rows this process has just seen committed (a task it created, the tasks
 * of a board it read whole), so that the first request on each skips `locate`'s read: on PostgreSQL
 * that read was a round trip of its own on a class's first move of every card (issue 21). Pass the
 * base database, never a transaction (RememberedProjects ignores those).
 */
export function rememberProjectOf(
  db: Db,
  table: ProjectOwned,
  ids: readonly number[],
  projectId: number,
): void {
  const memory = memoryOf(table);
  for (const id of ids) memory.remember(db, id, projectId);
}

/** `locate` for a resource stored in a table with a project_id column (one query, then remembered). */
export function locateInProject(db: Db, table: ProjectOwned) {
  return rememberingLocate(db, memoryOf(table), async (id) => {
    // The cast only narrows the union for Kysely's typing; every table named here has both columns.
    const row = await db
      .selectFrom(table as 'tasks')
      .select('project_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.project_id;
  });
}

/** `locate` for a resource stored in a table keyed to a task (one join, then remembered). */
export function locateThroughTask(db: Db, table: TaskOwned) {
  return rememberingLocate(db, memoryOf(table), async (id) => {
    const row = await db
      .selectFrom(`${table as 'hours'} as owned`)
      .innerJoin('tasks', 'tasks.id', 'owned.task_id')
      .select('tasks.project_id')
      .where('owned.id', '=', id)
      .executeTakeFirst();
    return row?.project_id;
  });
}
