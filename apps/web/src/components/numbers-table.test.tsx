import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { NumbersTable, type NumbersColumn } from './numbers-table';

interface Member {
  id: number;
  name: string;
  hours: number;
  note: string;
}

const members: Member[] = [
  { id: 1, name: 'Ana', hours: 2.5, note: 'pair' },
  { id: 2, name: 'Beto', hours: 1234.75, note: 'solo' },
];

const columns: NumbersColumn<Member>[] = [
  { label: 'Member', value: (member) => member.name },
  {
    label: 'Hours',
    numeric: true,
    value: (member) => member.hours,
    total: 1237.25,
    totalTestId: 'hours-total',
  },
  { label: 'Note', value: (member) => member.note },
];

function renderTable(props: Partial<Parameters<typeof NumbersTable<Member>>[0]> = {}) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <NumbersTable
        caption="Hours per member"
        minWidth={260}
        rows={members}
        rowKey={(member) => member.id}
        columns={columns}
        {...props}
      />
    </AppProviders>,
  );
  return screen.getByRole('table', { name: 'Hours per member' });
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

afterEach(async () => {
  await changeLanguage('en');
});

describe('NumbersTable', () => {
  it('names the table by its caption and heads each column and each row for screen readers', () => {
    const table = renderTable();
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual(['Member', 'Hours', 'Note']);
    expect(texts(within(table).getAllByRole('rowheader'))).toEqual(['Ana', 'Beto']);
    expect(within(table).getAllByRole('columnheader')[1]!.style.textAlign).toBe('right');
    expect(within(table).getAllByRole('columnheader')[2]!.style.textAlign).toBe('');
  });

  it('writes numbers in English with a decimal point, on the right', () => {
    const table = renderTable();
    const [, ana, beto] = within(table).getAllByRole('row');
    expect(texts(within(ana!).getAllByRole('cell'))).toEqual(['2.5', 'pair']);
    expect(within(beto!).getAllByRole('cell')[0]!.textContent).toBe('1,234.75');
    expect(within(beto!).getAllByRole('cell')[0]!.style.textAlign).toBe('right');
  });

  it('writes numbers in Spanish with a decimal comma', async () => {
    await changeLanguage('es');
    const table = renderTable();
    const [, ana, beto] = within(table).getAllByRole('row');
    expect(within(ana!).getAllByRole('cell')[0]!.textContent).toBe('2,5');
    expect(within(beto!).getAllByRole('cell')[0]!.textContent).toMatch(/^1\.?234,75$/);
  });

  it('keeps text a column formats itself as it is', async () => {
    await changeLanguage('es');
    const table = renderTable({
      columns: [columns[0]!, { label: 'Hours', numeric: true, value: (member) => `${member.hours} h` }],
    });
    expect(within(within(table).getAllByRole('row')[1]!).getByRole('cell').textContent).toBe('2.5 h');
  });

  it('adds a totals row headed by its label, with each column’s total in the reader’s language', async () => {
    await changeLanguage('es');
    const table = renderTable({ totalLabel: 'Total' });
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(screen.getByTestId('hours-total').textContent).toMatch(/^1\.?237,25$/);
    expect(texts(within(totals).getAllByRole('cell'))).toEqual([
      screen.getByTestId('hours-total').textContent,
      '',
    ]);
  });

  it('has no totals row without a total label', () => {
    const table = renderTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByTestId('hours-total')).toBeNull();
  });

  it('keeps its caption and headings with no rows, the body empty', () => {
    const table = renderTable({ rows: [] });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
  });

  it('is named by its section when it has no caption', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <section aria-label="Distribution">
          <NumbersTable
            variant="plain"
            minWidth={260}
            rows={members}
            rowKey={(m) => m.id}
            columns={columns}
          />
        </section>
      </AppProviders>,
    );
    const table = within(screen.getByRole('region', { name: 'Distribution' })).getByRole('table');
    expect(table.querySelector('caption')).toBeNull();
    // The plain look: bold row headings (the compact one writes them in normal weight).
    expect(within(table).getAllByRole('rowheader')[0]!.style.fontWeight).toBe('');
  });

  it('breaks long titles anywhere and keeps one line when asked', () => {
    const table = renderTable({
      noWrap: true,
      columns: [{ ...columns[0]!, wrap: 'anywhere' }, columns[1]!],
    });
    expect(table.style.whiteSpace).toBe('nowrap');
    const ana = within(table).getAllByRole('rowheader')[0]!;
    expect(ana.style.overflowWrap).toBe('anywhere');
    expect(ana.style.fontWeight).toBe('normal');
  });

  it('lets the column headings of a one-line table wrap between words', () => {
    const table = renderTable({ noWrap: true });
    for (const heading of within(table).getAllByRole('columnheader'))
      expect(heading.style.whiteSpace).toBe('normal');
    expect(within(table).getAllByRole('cell')[0]!.style.whiteSpace).toBe('');
  });
});
