import { Text } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';

interface ReportComingLaterProps {
  title: string;
  /** What the address asked for (dates, milestone…), shown so its meaning is visible. */
  details?: string;
}

/** A report kind this release does not build yet: its title and an honest empty state. */
export function ReportComingLater({ title, details }: ReportComingLaterProps) {
  const { t } = useTranslation('reports');
  return (
    <Page title={title}>
      {details && (
        <Text size="sm" c="dimmed">
          {details}
        </Text>
      )}
      <EmptyState
        icon={<IconHourglassEmpty aria-hidden size={28} />}
        title={t('index.coming_later')}
        description={t('coming_later')}
      />
    </Page>
  );
}
