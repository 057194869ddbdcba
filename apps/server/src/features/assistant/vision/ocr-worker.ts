import { access, copyFile, mkdtemp, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { loadOnFirstUse } from '../../../lib/load-on-first-use.js';

const LANGUAGES = ['eng', 'spa'] as const;
/** LSTM-only data: a third of the size of the default and as good for printed and marker text. */
const TRAINED_DATA_FOLDER = '4.0.0_best_int';

/** tesseract.js is loaded on the first image, not at start. */
const loadTesseract: () => Promise<typeof Tesseract> = loadOnFirstUse(() =>
  import('tesseract.js').then((module) => module.default),
);

/** A worker reading English and Spanish from `folder`, started once tesseract.js and the folder are ready. */
export function startWorker(folder: Promise<string>): Promise<Tesseract.Worker> {
  return Promise.all([loadTesseract(), folder]).then(([module, langPath]) =>
    module.createWorker(LANGUAGES.join('+'), module.OEM.LSTM_ONLY, {
      // Never a CDN: the data ships in npm packages (docs/toolchain.md), nothing is cached to disk.
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler tesseract.js rethrows a job's failure in its message listener, which
      // would crash the process; the failure still reaches the job's promise.
      errorHandler: () => undefined,
    }),
  );
}

/**
 * tesseract.js reads every language from one folder, but each language ships in its own package:
 * a private temporary folder links both (copies where links are not allowed).
 */
export async function prepareLanguageFolder(): Promise<string> {
  const require = createRequire(import.meta.url);
  const folder = await mkdtemp(path.join(tmpdir(), 'teamboard-ocr-'));
  for (const language of LANGUAGES) {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const file = `${language}.traineddata.gz`;
    const source = path.join(packageDir, TRAINED_DATA_FOLDER, file);
    // Checked here: a missing file would otherwise fail inside the worker, far from its cause.
    await access(source);
    await symlink(source, path.join(folder, file)).catch(() => copyFile(source, path.join(folder, file)));
  }
  return folder;
}
