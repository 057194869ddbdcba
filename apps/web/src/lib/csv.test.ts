import { afterEach, describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';
import { changeLanguage } from './i18n';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends every line with CRLF', () => {
    expect(toCsv(['Día', 'Horas'], [['2026-11-19', 2.5]])).toBe(`${BOM}Día,Horas\r\n2026-11-19,2.5\r\n`);
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says, and nothing else', () => {
    const csv = toCsv(['Name'], [['Pérez, Ana'], ['Ana "La Jefa"'], ['two\nlines'], ['plain'], ['']]);
    expect(csv).toBe(`${BOM}Name\r\n"Pérez, Ana"\r\n"Ana ""La Jefa"""\r\n"two\nlines"\r\nplain\r\n\r\n`);
  });

  afterEach(() => changeLanguage('en'));

  it('writes numbers with a dot decimal and at most 2 decimals for an English reader', () => {
    expect(toCsv(['n'], [[2.5], [1 / 3], [0.1 + 0.2], [1234.5], [-0.001], [null]])).toBe(
      `${BOM}n\r\n2.5\r\n0.33\r\n0.3\r\n1234.5\r\n0\r\n\r\n`,
    );
  });

  it('keeps a spreadsheet from running a name as a formula', () => {
    expect(toCsv(['Name'], [['=HYPERLINK("x")'], ['@cmd'], ['+1'], ['-2']])).toBe(
      `${BOM}Name\r\n"'=HYPERLINK(""x"")"\r\n'@cmd\r\n'+1\r\n'-2\r\n`,
    );
  });
});

describe('toCsv for a Spanish reader', () => {
  afterEach(() => changeLanguage('en'));

  it('separates cells with `;` and writes decimal commas, what a spreadsheet set to Spanish reads', async () => {
    await changeLanguage('es');
    expect(
      toCsv(
        ['Día', 'Horas'],
        [
          ['2026-11-19', 2.5],
          ['Pérez; Ana', 0.1 + 0.2],
        ],
      ),
    ).toBe(`${BOM}Día;Horas\r\n2026-11-19;2,5\r\n"Pérez; Ana";0,3\r\n`);
  });
});

describe('csvFileName', () => {
  it('names the report and its range', () => {
    expect(csvFileName('hours', '2026-11-19', '2026-11-26')).toBe('hours-2026-11-19-2026-11-26.csv');
  });
});
