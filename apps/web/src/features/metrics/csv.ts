/** One cell of the metrics table: text, a number, or nothing. */
export type CsvValue = string | number | null;

/** UTF-8 byte order mark: without it, spreadsheets read accented headers as Latin-1. */
const BOM = '\uFEFF';

/** A number with a dot decimal and at most 2 decimals, whatever the page's language. */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** RFC 4180 quoting; text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(value: CsvValue): string {
  if (value === null) return '';
  return typeof value === 'number' ? csvNumber(value) : csvText(value);
}

/**
 * RFC 4180 text (CRLF line ends) with a header row, preceded by a UTF-8 BOM — the same format as
 * the reports' CSV files (features/reports/csv.ts; web features do not import each other).
 */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
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
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
