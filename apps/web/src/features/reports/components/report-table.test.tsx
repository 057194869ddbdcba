import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportTable } from './report-table';

describe('ReportTable', () => {
  it('keeps its caption on the left, where a phone still shows it when the table scrolls', () => {
    render(
      <MantineProvider>
        <ReportTable
          table={{
            caption: 'Estimated and logged hours per member, Sprint 2',
            columns: [
              { label: 'Member' },
              { label: 'Estimated hours', isNumeric: true },
              { label: 'Logged hours', isNumeric: true },
              { label: 'Variation', isNumeric: true },
            ],
            rows: [['Sofía Student', 3, 0, -3]],
          }}
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Estimated and logged hours per member, Sprint 2' });
    expect(table.querySelector('caption')!.style.textAlign).toBe('left');
  });
});
