import { Table } from '@mantine/core';
import { cellText, type ReportTableData } from '../report-table-data';

/** Below this width per column the table scrolls sideways inside its box, not the page. */
const COLUMN_MIN_WIDTH = 96;

/** A report's numbers as a table with a caption: the first column heads its row. */
export function ReportTable({ table }: { table: ReportTableData }) {
  const { columns } = table;
  const align = (index: number) => (columns[index]?.isNumeric ? 'right' : undefined);
  return (
    <Table.ScrollContainer minWidth={Math.max(280, columns.length * COLUMN_MIN_WIDTH)}>
      {/* Cells keep one line: a narrow screen scrolls the box sideways rather than wrap days and numbers. */}
      <Table striped captionSide="top" verticalSpacing="xs" fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Table.Caption>{table.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} scope="col" ta={align(index)}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {row.map((value, index) =>
                index === 0 ? (
                  <Table.Th key={index} scope="row" fw="normal">
                    {cellText(columns[index], value)}
                  </Table.Th>
                ) : (
                  <Table.Td key={index} ta={align(index)}>
                    {cellText(columns[index], value)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {table.footer && (
          <Table.Tfoot>
            <Table.Tr>
              {table.footer.map((value, index) =>
                index === 0 ? (
                  <Table.Th key={index} scope="row">
                    {cellText(columns[index], value, true)}
                  </Table.Th>
                ) : (
                  <Table.Td key={index} ta={align(index)} fw={600}>
                    {cellText(columns[index], value, true)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
