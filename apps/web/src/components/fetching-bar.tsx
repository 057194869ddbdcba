import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsRequestActive } from '../lib/request-activity';

/** A thin bar at the very top while any API request is in flight (docs/spec.md §4 Request activity). */
export function FetchingBar() {
  const { t } = useTranslation();
  const isActive = useIsRequestActive();
  if (!isActive) return null;
  return (
    <Progress
      value={100}
      striped
      animated
      size={3}
      radius={0}
      aria-label={t('fetching')}
      data-testid="fetching-indicator"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}
