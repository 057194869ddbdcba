import { rm } from 'node:fs/promises';
import type Tesseract from 'tesseract.js';
import { AppError } from '../../../lib/app-error.js';
import { normaliseImage, type NormalisedImage } from './ocr-image.js';
import { readingOrder } from './ocr-lines.js';
import { readTwice } from './ocr-passes.js';
import type { OcrLine, OcrPage } from './ocr-types.js';
import { prepareLanguageFolder, startWorker } from './ocr-worker.js';

// The engine's public face: importers use this module only, whichever file a part lives in.
export type { OcrBox, OcrLine, OcrPage, OcrWord } from './ocr-types.js';
export { readingOrder } from './ocr-lines.js';

export interface OcrOptions {
  /** For the worker's part (start, both passes); on expiry the worker is replaced. */
  timeoutMs?: number;
  /** A job still waiting in the queue is dropped once this aborts (the client went away). */
  signal?: AbortSignal;
}

export const DEFAULT_OCR_TIMEOUT_MS = 30_000;

/**
 * OCR of English and Spanish text with its boxes, offline: one warm tesseract.js worker (a worker
 * thread, so the event loop stays free), started on the first image and reused; calls wait their
 * turn in a queue. close() is final: queued and later calls fail.
 */
export class OcrEngine {
  private worker: Promise<Tesseract.Worker> | null = null;
  private languageFolder: Promise<string> | null = null;
  private tail: Promise<void> = Promise.resolve();
  /** Aborted by close(): the job in progress fails at once instead of at its time-out. */
  private readonly closing = new AbortController();

  async recognize(image: Buffer, options: OcrOptions = {}): Promise<OcrPage> {
    const normalised = await normaliseImage(image);
    const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
    return this.enqueue(async () => {
      if (this.closing.signal.aborted || options.signal?.aborted)
        throw new AppError('ASSISTANT_ENGINE_FAILED');
      const lines = await this.readWithTimeout(normalised, timeoutMs);
      return { width: normalised.width, height: normalised.height, lines: readingOrder(lines) };
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.discardWorker();
    const folder = this.languageFolder;
    this.languageFolder = null;
    await folder?.then(
      (path) => rm(path, { recursive: true, force: true }),
      () => undefined,
    );
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async readWithTimeout(image: NormalisedImage, timeoutMs: number): Promise<OcrLine[]> {
    const job = new AbortController();
    const work = this.ensureWorker().then((worker) => readTwice(worker, image, job.signal));
    // Once the race is lost the work may still settle; its outcome no longer matters.
    work.catch(() => undefined);
    const limit = deadline(timeoutMs, this.closing.signal);
    try {
      return await Promise.race([work, limit.expired]);
    } catch (error) {
      // The abandoned job stops before its next worker call, then the worker that hung or failed is
      // replaced: it cannot be trusted with the next image.
      job.abort();
      await this.discardWorker();
      throw error instanceof AppError ? error : new AppError('ASSISTANT_ENGINE_FAILED');
    } finally {
      limit.clear();
    }
  }

  private ensureWorker(): Promise<Tesseract.Worker> {
    if (this.closing.signal.aborted) return Promise.reject(new AppError('ASSISTANT_ENGINE_FAILED'));
    if (this.worker) return this.worker;
    // A failed preparation is retried by the next call rather than remembered.
    this.languageFolder ??= prepareLanguageFolder().catch((error: unknown) => {
      this.languageFolder = null;
      throw error;
    });
    this.worker = startWorker(this.languageFolder);
    return this.worker;
  }

  private async discardWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // A worker still starting is ended once it has started.
    await worker.then(
      (started) => started.terminate(),
      () => undefined,
    );
  }
}

/** A promise that fails after `ms` or when `signal` aborts, whichever is first; clear() disarms it. */
function deadline(ms: number, signal: AbortSignal): { expired: Promise<never>; clear: () => void } {
  let fail = () => undefined as void;
  const expired = new Promise<never>((_, reject) => {
    fail = () => reject(new AppError('ASSISTANT_ENGINE_FAILED'));
  });
  const timer = setTimeout(fail, ms);
  signal.addEventListener('abort', fail, { once: true });
  return {
    expired,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', fail);
    },
  };
}
