import type { ProjectRole } from '@teamboard/contract';
import dayjs from 'dayjs';

/** What every sub-panel of the task detail is given. */
export interface PanelProps {
  taskId: number;
  role: ProjectRole | null;
  currentUserId: number;
}

export const today = () => dayjs().format('YYYY-MM-DD');
