import { ERROR_STATUS, type ErrorCode } from '@teamboard/contract';

/** A failure with a stable code; the error plugin localizes it and answers `{ errors, code }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = status ?? ERROR_STATUS[code];
  }
}
