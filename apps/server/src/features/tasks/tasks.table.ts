import type { TaskPriority } from '@teamboard/contract';
import type { Generated, Selectable } from 'kysely';

/** Booleans 0/1, timestamps ISO text, dates YYYY-MM-DD (db/dialect.ts). */
export interface TasksTable {
  id: Generated<number>;
  column_id: number;
  board_id: number;
  project_id: number;
  title: string;
  description: Generated<string>;
  position: number;
  is_archived: Generated<number>;
  completed: Generated<number>;
  completed_at: string | null;
  priority: TaskPriority | null;
  deadline: string | null;
  starting_date: string | null;
  expected_hours: number | null;
  is_blocked: Generated<number>;
  blocked_reason: string | null;
  milestone_id: number | null;
  total_hours: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type TaskRow = Selectable<TasksTable>;

export interface TaskAssigneesTable {
  task_id: number;
  user_id: number;
}

export interface TaskLabelsTable {
  task_id: number;
  label_id: number;
}

export interface TaskLogsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number | null;
  user_name: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  created_at: string;
}
