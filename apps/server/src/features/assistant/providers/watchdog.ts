import { ProviderError, type StreamOptions } from './provider.js';

/**
 * The clocks and the off switch of one model call. Whatever ends the call early (the caller's signal,
 * no first token in time, no bytes in time) aborts the one AbortController the fetch and the body
 * reader share, and is remembered, so the abort error that surfaces is explained as what it was.
 */
export class Watchdog {
  private readonly controller = new AbortController();
  private reason: ProviderError | null = null;
  private firstTokenTimer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () =>
    this.stop(
      new ProviderError(`The ${this.label} call was aborted.`, { kind: 'aborted', retryable: false }),
    );

  constructor(
    private readonly label: string,
    private readonly options: StreamOptions & { firstTokenTimeoutMs: number; idleTimeoutMs: number },
  ) {
    if (options.signal.aborted) {
      this.onCallerAbort();
      return;
    }
    options.signal.addEventListener('abort', this.onCallerAbort, { once: true });
    this.firstTokenTimer = setTimeout(
      () => this.stop(this.timeout(`no answer within ${options.firstTokenTimeoutMs} ms`)),
      options.firstTokenTimeoutMs,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Throws the reason the call was stopped, if it was. */
  check(): void {
    if (this.reason) throw this.reason;
  }

  /**
   * Waits for the next bytes (the answer's head or a body chunk) under the idle clock. The clock runs
   * only while waiting here, so a caller slow to pull the next delta never looks like a silent model.
   */
  async waitForBytes<T>(next: () => Promise<T>): Promise<T> {
    this.check();
    const { idleTimeoutMs } = this.options;
    // Unref'd: a call the caller abandoned without closing it must not hold the process open.
    const timer = setTimeout(() => this.stop(this.timeout(`no data for ${idleTimeoutMs} ms`)), idleTimeoutMs);
    timer.unref();
    try {
      return await next();
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first text arrived: from now on only the idle clock applies. */
  sawToken(): void {
    clearTimeout(this.firstTokenTimer);
  }

  /** What to throw for `error` (anything the fetch or the reader threw): the stop reason first. */
  explain(error: unknown, host: string): ProviderError {
    if (this.reason) return this.reason;
    if (error instanceof ProviderError) return error;
    // Only an error code reaches the message: fetch's own messages can quote a header value.
    const code = networkCode(error);
    return new ProviderError(`The ${this.label} at ${host} could not be reached (${code}).`, {
      kind: 'network',
      retryable: true,
    });
  }

  /** Ends the call: timers off, and the request aborted if it is still open (the caller stopped early). */
  dispose(): void {
    clearTimeout(this.firstTokenTimer);
    this.options.signal.removeEventListener('abort', this.onCallerAbort);
    this.controller.abort();
  }

  private stop(reason: ProviderError): void {
    if (this.reason) return;
    this.reason = reason;
    clearTimeout(this.firstTokenTimer);
    this.controller.abort(reason);
  }

  private timeout(what: string): ProviderError {
    return new ProviderError(`The ${this.label} timed out: ${what}.`, { kind: 'timeout', retryable: true });
  }
}

/** ECONNREFUSED, UND_ERR_SOCKET…: the innermost code of a fetch failure, or its error name. */
function networkCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    current = current.cause;
  }
  return error instanceof Error ? error.name : 'unknown error';
}
