// The one CSV writer is the contract's (packages/contract/src/csv.ts), shared with the server.
export { toCsv, type CsvValue } from '@teamboard/contract';

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
