import { ERROR_STATUS, type ErrorCode } from '@teamboard/contract';
import { formatFileSize } from '@teamboard/i18n/server';

/** A size in bytes inside an error's text: the reader sees it in their language ("1.5 MB" / "1,5 MB"). */
export interface ByteSize {
  bytes: number;
}

export type ErrorParams = Record<string, string | number | ByteSize>;

/** A size for an AppError's params, formatted when the message is written in the reader's language. */
export const byteSize = (bytes: number): ByteSize => ({ bytes });

/** The params as the message's text in `language`: sizes with its decimal mark, the rest as they are. */
export function localizedParams(language: string, params: ErrorParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' ? formatFileSize(language, value.bytes) : value,
    ]),
  );
}

/** A failure with a stable code; the error plugin localizes it and answers `{ errors, code }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = status ?? ERROR_STATUS[code];
  }
}
