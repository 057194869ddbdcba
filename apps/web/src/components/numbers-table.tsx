import { Table } from '@mantine/core';
import type { CSSProperties, Key, ReactNode } from 'react';
import { useFormat, type Format } from '../lib/use-format';

/** How a column's cells break: long titles anywhere, free text at its own line breaks, or never. */
export type CellWrap = 'anywhere' | 'pre-wrap' | 'nowrap';

export interface NumbersColumn<Row> {
  /** The column's heading; also its key unless `key` is given. */
  label: ReactNode;
  key?: Key;
  /** What one row shows here. A number reads in the reader's language ("2.5", "2,5"). */
  value: (row: Row) => ReactNode;
  /** Right-aligned heading, cells and total, so that the digits line up. */
  numeric?: boolean;
  /** This column's cell in the totals row (see `totalLabel`); a number reads like the cells. */
  total?: ReactNode;
  wrap?: CellWrap;
  /** Lets end-to-end tests find this column's total. */
  totalTestId?: string;
}

export interface NumbersTableProps<Row> {
  /** What the table holds, read first by screen readers; left out when a section heading names it. */
  caption?: ReactNode;
  /** 'left' on wide tables: their box scrolls, and a centered caption would scroll away with it. */
  captionAlign?: 'left';
  /** The first column heads each row (`th scope="row"`). */
  columns: readonly NumbersColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Below this width the table scrolls sideways inside its box, not the page. */
  minWidth: number;
  /** The totals row's heading: with it, a footer row shows each column's `total`. */
  totalLabel?: ReactNode;
  /**
   * Every cell on one line: a narrow screen scrolls the box rather than wrap days and numbers. The
   * column headings still wrap between words, so a long heading ("Días con algún bloqueo") takes two
   * lines instead of pushing the last columns out of a wide screen.
   */
  noWrap?: boolean;
  /**
   * 'compact' (the reports' look): small type, tight rows, row headings in normal weight.
   * 'plain': Mantine's own spacing and type, bold row headings (the knowledge results).
   */
  variant?: 'compact' | 'plain';
}

const WRAP_STYLES: Record<CellWrap, CSSProperties> = {
  anywhere: { overflowWrap: 'anywhere' },
  'pre-wrap': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
};

const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };
const HEADING_WRAPS: CSSProperties = { whiteSpace: 'normal' };

function readable(value: ReactNode, format: Format): ReactNode {
  return typeof value === 'number' ? format.number(value) : value;
}

/**
 * Rows of numbers with a caption and column headings for screen readers, the first column heading
 * each row, numbers on the right in the reader's language, and an optional totals row.
 */
export function NumbersTable<Row>({
  caption,
  captionAlign,
  columns,
  rows,
  rowKey,
  minWidth,
  totalLabel,
  noWrap = false,
  variant = 'compact',
}: NumbersTableProps<Row>) {
  const format = useFormat();
  const compact = variant === 'compact';
  const [header, ...cells] = columns;
  if (!header) return null;
  const align = (column: NumbersColumn<Row>) => (column.numeric ? 'right' : undefined);
  const style = (column: NumbersColumn<Row>) => (column.wrap ? WRAP_STYLES[column.wrap] : undefined);
  const key = (column: NumbersColumn<Row>, index: number) =>
    column.key ?? (typeof column.label === 'string' ? column.label : index);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        {...(compact && { captionSide: 'top', verticalSpacing: 'xs', fz: 'sm' })}
        style={noWrap ? NO_WRAP : undefined}
      >
        {caption !== undefined && <Table.Caption ta={captionAlign}>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th
                key={key(column, index)}
                scope="col"
                ta={align(column)}
                style={noWrap ? HEADING_WRAPS : undefined}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            <Table.Tr key={rowKey(row, rowIndex)}>
              <Table.Th scope="row" fw={compact ? 'normal' : undefined} style={style(header)}>
                {readable(header.value(row), format)}
              </Table.Th>
              {cells.map((column, index) => (
                <Table.Td key={key(column, index + 1)} ta={align(column)} style={style(column)}>
                  {readable(column.value(row), format)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totalLabel !== undefined && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{totalLabel}</Table.Th>
              {cells.map((column, index) => (
                <Table.Td
                  key={key(column, index + 1)}
                  ta={align(column)}
                  fw={600}
                  data-testid={column.totalTestId}
                >
                  {readable(column.total, format)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
