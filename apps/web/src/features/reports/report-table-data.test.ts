import { describe, expect, it } from 'vitest';
import { gridTable, tableCsv } from './report-table-data';

const BOM = '\uFEFF';

describe('gridTable', () => {
  const table = gridTable({
    caption: 'Hours',
    keys: ['2026-11-19', '2026-11-20'],
    keyColumn: { label: 'Día' },
    series: [
      { id: 'u1', label: 'Ana' },
      { id: 'u2', label: 'Ben' },
    ],
    cells: [
      { key: '2026-11-19', series: 'u1', value: 0.1 },
      { key: '2026-11-20', series: 'u1', value: 0.2 },
      { key: '2026-11-20', series: 'u2', value: 3 },
    ],
    valueFormat: String,
    totalLabel: 'Total',
  });

  it('fills the empty cells with 0 and adds a total per row and a totals row', () => {
    expect(table.rows).toEqual([
      ['2026-11-19', 0.1, 0, 0.1],
      ['2026-11-20', 0.2, 3, 3.2],
    ]);
    expect(table.footer?.[0]).toBe('Total');
  });

  it('goes to CSV with its column names, raw days and rounded sums', () => {
    expect(tableCsv(table)).toBe(
      `${BOM}Día,Ana,Ben,Total\r\n2026-11-19,0.1,0,0.1\r\n2026-11-20,0.2,3,3.2\r\nTotal,0.3,3,3.3\r\n`,
    );
  });
});
