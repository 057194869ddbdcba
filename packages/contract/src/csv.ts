/**
 * The one CSV writer of the app: every CSV file the server sends or the web app saves is made here
 * (apps/server/test/api/csv.test.ts fails when another writer appears), so the rules below hold for all.
 */

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/** `,` (RFC 4180, the default) or `;` (what spreadsheets set to Spanish and most European locales split on). */
export type CsvSeparator = ',' | ';';

export interface CsvOptions {
  separator?: CsvSeparator;
  /** A UTF-8 byte order mark first (the default): without it, Excel reads the accents as Latin-1. */
  bom?: boolean;
  /** The decimal mark of number cells: `.` (the default) or `,`, which a Spanish spreadsheet reads as a number. */
  decimal?: '.' | ',';
}

/**
 * The file a reader's spreadsheet opens natively, from the language the reader uses the app in
 * (docs/csv.md): Spanish `;`-separated with decimal commas, English `,` with decimal points; both with
 * the UTF-8 byte order mark, so Excel reads accents in names either way.
 */
export function csvOptionsFor(language: string): CsvOptions {
  return language.toLowerCase().startsWith('es')
    ? { separator: ';', decimal: ',', bom: true }
    : { separator: ',', decimal: '.', bom: true };
}

const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, a tab, a line break, or their
 * full-width forms (some spreadsheets take those for the ASCII ones).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Quoted whatever the separator: a cell with either separator, a quote or a line break stays one
 * cell whether the reader splits on `,` or `;` (a file saved with one is often opened with the other).
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A number with at most 2 decimals and no grouping, with the reader's decimal mark; never -0. */
function csvNumber(value: number, decimal: '.' | ','): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  const text = String(Object.is(rounded, -0) ? 0 : rounded);
  return decimal === ',' ? text.replace('.', ',') : text;
}

/**
 * A text cell: a formula start gets a leading apostrophe (OWASP CSV injection advice), and the cell
 * is quoted as RFC 4180 says when it holds a separator of either kind, a quote, a tab or a line break.
 * Numbers are written as numbers (`-2` stays -2): only text can be read as a formula.
 */
export function csvCell(value: CsvValue, decimal: '.' | ',' = '.'): string {
  if (value === null) return '';
  if (typeof value === 'number') return csvNumber(value, decimal);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header row, then the rows; CRLF line ends (RFC 4180). */
export function toCsv(header: CsvValue[], rows: CsvValue[][], options: CsvOptions = {}): string {
  const separator = options.separator ?? ',';
  const decimal = options.decimal ?? '.';
  const lines = [header, ...rows].map(
    (row) => row.map((cell) => csvCell(cell, decimal)).join(separator) + '\r\n',
  );
  return (options.bom === false ? '' : BOM) + lines.join('');
}
