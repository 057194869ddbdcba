import { rangeError, type ErrorCode, type HoursFilter } from '@teamboard/contract';
import { AppError } from '../../lib/app-error.js';

/** Refuses a range that ends before it starts or is longer than the view covers (SPEC §9). */
export function checkRange(start: string, end: string, filter?: HoursFilter): void {
  const error = rangeError(start, end, filter);
  if (error) throw new AppError(error as ErrorCode);
}
