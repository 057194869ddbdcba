import type { CsvValue } from '../../../lib/csv';
import { NumbersTable, type NumbersColumn } from '../../../components/numbers-table';
import { cellText, type ReportTableData } from '../report-table-data';

/** Below this width per column the table scrolls sideways inside its box, not the page. */
const COLUMN_MIN_WIDTH = 96;

/** A report's numbers as a table with a caption on its left: the first column heads its row. */
export function ReportTable({ table }: { table: ReportTableData }) {
  const { columns, footer } = table;
  const tableColumns = columns.map((column, index): NumbersColumn<CsvValue[]> => ({
    // By place: two members may share a name.
    key: index,
    label: column.label,
    numeric: column.isNumeric,
    value: (row) => cellText(column, row[index] ?? null),
    total: footer && cellText(column, footer[index] ?? null, true),
  }));
  return (
    <NumbersTable
      minWidth={Math.max(280, columns.length * COLUMN_MIN_WIDTH)}
      noWrap
      caption={table.caption}
      // Left: on a phone most report tables scroll in their box, and a centered caption is cut there.
      captionAlign="left"
      rows={table.rows}
      rowKey={(_, index) => index}
      columns={tableColumns}
      totalLabel={footer && cellText(columns[0], footer[0] ?? null, true)}
    />
  );
}
