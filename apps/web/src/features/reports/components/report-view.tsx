import { Box, Button, Group, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { downloadCsv } from '../../../lib/csv';
import { tableCsv, type ReportTableData } from '../report-table-data';
import { ReportTable } from './report-table';

export type ReportViewMode = 'chart' | 'table';

interface ReportViewProps {
  table: ReportTableData;
  fileName: string;
  /** Left out: the numbers show as a table only. */
  chart?: ReactNode;
  view?: ReportViewMode;
  onViewChange?: (view: ReportViewMode) => void;
  /** Names the download when a screen has more than one. */
  name?: string;
  /** Shown instead of a table without rows (a table of headings only reads as broken). */
  empty?: { title: string; hint: string };
}

/**
 * A report's numbers as a chart or a table (the toggle), and as a CSV file. The table stays in the
 * page under the chart, visually hidden, so screen readers always have the numbers.
 */
export function ReportView({
  table,
  fileName,
  chart,
  view = 'chart',
  onViewChange,
  name,
  empty,
}: ReportViewProps) {
  const { t } = useTranslation('reports');
  const isChartShown = chart !== undefined && view === 'chart';
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {chart !== undefined && (
          <SegmentedControl
            aria-label={t('view.label')}
            size="xs"
            value={view}
            onChange={(value) => onViewChange?.(value as ReportViewMode)}
            data={[
              { value: 'chart', label: t('view.chart') },
              { value: 'table', label: t('view.table') },
            ]}
          />
        )}
        <Button
          variant="default"
          size="xs"
          ml="auto"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={name ? t('download_named', { name }) : undefined}
          onClick={() => downloadCsv(fileName, tableCsv(table))}
        >
          {t('download')}
        </Button>
      </Group>
      {isChartShown ? (
        <>
          <Box aria-hidden>{chart}</Box>
          <VisuallyHidden>
            <TableOrEmpty table={table} empty={empty} />
          </VisuallyHidden>
        </>
      ) : (
        <TableOrEmpty table={table} empty={empty} />
      )}
    </Stack>
  );
}

function TableOrEmpty({ table, empty }: Pick<ReportViewProps, 'table' | 'empty'>) {
  if (empty && table.rows.length === 0) {
    return (
      <EmptyState icon={<IconTable aria-hidden size={28} />} title={empty.title} description={empty.hint} />
    );
  }
  return <ReportTable table={table} />;
}
