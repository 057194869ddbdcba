import { Badge } from '@mantine/core';
import type { KnowledgeState } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<KnowledgeState, string> = { scheduled: 'blue', open: 'green', closed: 'gray' };

export function KnowledgeStateBadge({ state }: { state: KnowledgeState }) {
  const { t } = useTranslation('knowledge');
  return (
    <Badge color={COLORS[state]} variant="light" style={{ flexShrink: 0 }}>
      {t(`state.${state}`)}
    </Badge>
  );
}

/** "Opens for edition on …", "Open until …", "Closed on …". */
export function useKnowledgeDates() {
  const { t } = useTranslation('knowledge');
  return (
    form: { state: KnowledgeState; opens_on: string; closes_on: string },
    day: (value: string) => string,
  ) =>
    form.state === 'scheduled'
      ? t('dates.scheduled', { date: day(form.opens_on) })
      : form.state === 'open'
        ? t('dates.open', { date: day(form.closes_on) })
        : t('dates.closed', { date: day(form.closes_on) });
}
