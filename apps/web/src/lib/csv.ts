import { csvOptionsFor, toCsv as toContractCsv, type CsvValue } from '@teamboard/contract';
import { currentLanguage } from './i18n';

export type { CsvValue };

/**
 * The one CSV writer is the contract's (packages/contract/src/csv.ts), shared with the server; a file
 * made in the browser is for the person reading the page, so it follows the page's language: `;` and
 * decimal commas for a Spanish reader's spreadsheet, `,` and points in English, a BOM in both (issue 44.2).
 */
export function toCsv(header: CsvValue[], rows: CsvValue[][]): string {
  return toContractCsv(header, rows, csvOptionsFor(currentLanguage()));
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
