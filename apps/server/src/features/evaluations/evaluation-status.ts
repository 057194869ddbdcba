import type { EvaluationStatus } from '@teamboard/contract';
import type { EvaluationRow } from './evaluations.table.js';

/** Draft, sent (not open yet), active or expired on `today` (the project's day). */
export function statusOf(
  row: Pick<EvaluationRow, 'sent_at' | 'closed_at' | 'initial_date' | 'deadline'>,
  today: string,
): EvaluationStatus {
  if (row.sent_at === null) return 'draft';
  if (row.closed_at !== null || today > row.deadline) return 'expired';
  return today < row.initial_date ? 'sent' : 'active';
}
