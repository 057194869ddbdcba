/** One cell of a CSV download (reports, metrics, evaluation and knowledge results): text, a number, or nothing. */
export type CsvValue = string | number | null;

/** UTF-8 byte order mark: without it, spreadsheets read the accents of the names as Latin-1. */
const BOM = '\uFEFF';

/** A number with a dot decimal and at most 2 decimals, whatever the page's language. */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * A text cell, quoted when RFC 4180 needs it (comma, quote, line break). Text that a spreadsheet
 * would run as a formula (a member named `=HYPERLINK(…)`) gets a leading apostrophe (OWASP CSV
 * injection advice).
 */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(value: CsvValue): string {
  if (value === null) return '';
  return typeof value === 'number' ? csvNumber(value) : csvText(value);
}

/** RFC 4180 text (CRLF line ends) with a header row, preceded by a UTF-8 BOM. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** `hours-2026-11-19-2026-11-26.csv` */
export function csvFileName(kind: string, startDate: string, endDate: string): string {
  return `${kind}-${startDate}-${endDate}.csv`;
}

/** Saves `csv` as a file through a temporary link: the numbers never leave the browser. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers download nothing.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
