import { csvCell, csvOptionsFor, toCsv, type CsvSeparator } from '@teamboard/contract';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../helpers/csv-reader.js';

// Issue 43, point 8: every CSV file the app writes (server and browser) comes from one writer,
// packages/contract/src/csv.ts, which no cell can turn into a formula, whatever the separator.

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;
const SPANISH_EXCEL_PAYLOAD = "-1+1;=cmd|' /C calc'!A0";

const HOSTILE = [
  SPANISH_EXCEL_PAYLOAD,
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  '-2',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  'a,=1+1',
  'a;=1+1',
  'a\t=1+1',
  'two\r\nlines;=1',
];

describe.each<CsvSeparator>([',', ';'])('toCsv with the %s separator', (separator) => {
  const csv = toCsv(['Team'], [...HOSTILE.map((value) => [value]), ['plain'], [''], [null]], { separator });

  it('reads back every hostile cell as one text cell, never starting a formula', () => {
    const cells = readCsv(csv, separator).slice(1);
    expect(cells).toHaveLength(HOSTILE.length + 3);
    for (const [index, value] of HOSTILE.entries()) {
      expect(cells[index]).toEqual([FORMULA_START.test(value) ? `'${value}` : value]);
      expect(cells[index]![0]).not.toMatch(FORMULA_START);
    }
    expect(cells.slice(-3)).toEqual([['plain'], [''], ['']]);
  });

  it('quotes the Spanish Excel payload, so no reader splits it into a formula cell', () => {
    expect(csv).toContain(`\r\n"'${SPANISH_EXCEL_PAYLOAD}"\r\n`);
    for (const reader of [',', ';'] as const)
      for (const row of readCsv(csv, reader)) for (const cell of row) expect(cell).not.toMatch(/^=/);
  });

  it('separates cells with the separator, with a BOM and CRLF line ends', () => {
    expect(toCsv(['Día', 'Horas'], [['2026-11-19', 2.5]], { separator })).toBe(
      `${BOM}Día${separator}Horas\r\n2026-11-19${separator}2.5\r\n`,
    );
  });
});

describe('csvOptionsFor', () => {
  it("writes what a spreadsheet set to the reader's language reads: `;` and decimal commas in Spanish", () => {
    const rows = [['Pérez, Ana', 2.5, -1234.25]];
    expect(toCsv(['Nombre', 'Horas', 'Saldo'], rows, csvOptionsFor('es'))).toBe(
      '\uFEFFNombre;Horas;Saldo\r\n"Pérez, Ana";2,5;-1234,25\r\n',
    );
    expect(toCsv(['Name', 'Hours', 'Balance'], rows, csvOptionsFor('en'))).toBe(
      '\uFEFFName,Hours,Balance\r\n"Pérez, Ana",2.5,-1234.25\r\n',
    );
  });
});

describe('csvCell', () => {
  it('keeps numbers numbers (a negative one too), with a dot decimal and at most 2 decimals', () => {
    expect([-2, 2.5, 1 / 3, 0.1 + 0.2, 1234.5, -0.001, Number.NaN].map((value) => csvCell(value))).toEqual([
      '-2',
      '2.5',
      '0.33',
      '0.3',
      '1234.5',
      '0',
      '',
    ]);
  });

  it('quotes a separator of either kind, a quote, a tab or a line break, and nothing else', () => {
    expect(
      ['Pérez, Ana', 'Pérez; Ana', 'Ana "La Jefa"', 'a\tb', 'two\nlines', 'plain'].map((value) =>
        csvCell(value),
      ),
    ).toEqual(['"Pérez, Ana"', '"Pérez; Ana"', '"Ana ""La Jefa"""', '"a\tb"', '"two\nlines"', 'plain']);
  });

  it('writes no BOM when asked', () => {
    expect(toCsv(['a'], [['b']], { bom: false })).toBe('a\r\nb\r\n');
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src', 'packages/i18n/src'];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sourceFiles(relative);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
    }),
  );
  return files.flat();
}

async function filesMatching(pattern: RegExp, onlyIf?: RegExp): Promise<string[]> {
  const files = (await Promise.all(SOURCE_ROOTS.map(sourceFiles))).flat();
  const matching: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(repoRoot, file), 'utf8');
    if (pattern.test(text) && (!onlyIf || onlyIf.test(text))) matching.push(file);
  }
  return matching.sort();
}

describe('the one CSV writer', () => {
  it('is the only place that escapes a CSV cell or joins cells with a separator', async () => {
    const escapingOrJoining = /'""'|"\\"\\""|\.join\(\s*(['"`])[,;]\1\s*\)/;
    expect(await filesMatching(escapingOrJoining, /csv/i)).toEqual(['packages/contract/src/csv.ts']);
  });

  it('is what every CSV file comes from: the call sites of toCsv, listed', async () => {
    expect(await filesMatching(/\btoCsv\(/)).toEqual([
      'apps/server/src/features/course-overview/course-overview-csv.ts',
      'apps/web/src/features/evaluations/results-csv.ts',
      'apps/web/src/features/knowledge/components/knowledge-results.tsx',
      'apps/web/src/features/metrics/components/metrics-panel.tsx',
      'apps/web/src/features/reports/components/lead-time-report-screen.tsx',
      'apps/web/src/features/reports/report-table-data.ts',
      // The browser's writer: the contract's, with the page language's separator and decimal (issue 44.2).
      'apps/web/src/lib/csv.ts',
      'packages/contract/src/csv.ts',
    ]);
  });

  it('names text/csv only where a file is sent or saved from it, or where an upload is read', async () => {
    expect(await filesMatching(/text\/csv/)).toEqual([
      // The course overview's response, its body from courseOverviewCsv.
      'apps/server/src/features/course-overview/course-overview.routes.ts',
      // The text uploads' allowlist: the type a .csv attachment is served as (reading, not writing).
      'apps/server/src/lib/upload-check/text-extensions.ts',
      // The roster file picker's accept list (reading).
      'apps/web/src/features/course-templates/components/roster-import-modal.tsx',
      // downloadCsv: the browser's one way to save a CSV file.
      'apps/web/src/lib/csv.ts',
    ]);
  });
});
