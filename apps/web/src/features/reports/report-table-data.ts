import { toCsv, type CsvValue } from '../../lib/csv';

export interface ReportColumn {
  label: string;
  /** Right-aligned; its values are numbers. */
  isNumeric?: boolean;
  /** How a value reads on screen; the CSV keeps the raw value (ISO days, dot decimals). */
  format?: (value: CsvValue) => string;
}

/** The numbers of one report, as the table shows them and the CSV file holds them. */
export interface ReportTableData {
  caption: string;
  columns: ReportColumn[];
  rows: CsvValue[][];
  /** A totals row: text cells read as they are, numbers through their column's format. */
  footer?: CsvValue[];
}

export function cellText(column: ReportColumn | undefined, value: CsvValue, isFooter = false): string {
  if (value === null) return '';
  if (isFooter && typeof value === 'string') return value;
  return column?.format ? column.format(value) : String(value);
}

/** The table as CSV: its column names, then its rows and totals. */
export function tableCsv(table: ReportTableData): string {
  return toCsv(
    table.columns.map((column) => column.label),
    table.footer ? [...table.rows, table.footer] : table.rows,
  );
}

interface GridInput {
  caption: string;
  /** Every row key in order (days, weeks, months…), empty ones included. */
  keys: string[];
  keyColumn: ReportColumn;
  /** One column per series (member), in order. */
  series: { id: string; label: string }[];
  /** The non-zero cells. */
  cells: { key: string; series: string; value: number }[];
  valueFormat: (value: number) => string;
  totalLabel: string;
}

/**
 * A grid of one number per row key and series, with a total per row and a totals row: the hours
 * per bucket and member, the commits per day and author.
 */
export function gridTable(input: GridInput): ReportTableData {
  const { keys, series, cells, valueFormat, totalLabel } = input;
  const values = new Map(cells.map((cell) => [`${cell.key} ${cell.series}`, cell.value]));
  const sum = (numbers: number[]) => numbers.reduce((total, value) => total + value, 0);
  const rows = keys.map((key) => {
    const row = series.map((one) => values.get(`${key} ${one.id}`) ?? 0);
    return [key, ...row, sum(row)];
  });
  const format = (value: CsvValue) => valueFormat(Number(value));
  const columnTotals = series.map((_, index) => sum(rows.map((row) => Number(row[index + 1]))));
  return {
    caption: input.caption,
    columns: [
      input.keyColumn,
      ...series.map((one) => ({ label: one.label, isNumeric: true, format })),
      { label: totalLabel, isNumeric: true, format },
    ],
    rows,
    footer: [totalLabel, ...columnTotals, sum(columnTotals)],
  };
}
