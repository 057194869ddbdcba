import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { isDay } from '../dates';

export interface DayRange {
  start_date: string;
  end_date: string;
}

interface RangeFieldsProps {
  /** As the address has them: possibly not days at all. */
  startDate: string | undefined;
  endDate: string | undefined;
  onChange: (range: DayRange) => void;
  /** More controls on the same row (the grouping, the selects). */
  children?: ReactNode;
}

const FIELD_STYLE = { flex: '1 1 140px', maxWidth: 200 };

/** The From and To days of a report; a new day is a new address, so reloading keeps the view. */
export function RangeFields({ startDate, endDate, onChange, children }: RangeFieldsProps) {
  const { t } = useTranslation('reports');
  const start = isDay(startDate) ? startDate : null;
  const end = isDay(endDate) ? endDate : null;
  // Clearing a field changes nothing: a report always has both days.
  const handleStart = (value: string | null) => {
    if (value && value !== start) onChange({ start_date: value, end_date: end ?? value });
  };
  const handleEnd = (value: string | null) => {
    if (value && value !== end) onChange({ start_date: start ?? value, end_date: value });
  };
  return (
    <Group align="flex-end" gap="sm">
      <DayInput label={t('range.start')} value={start} onChange={handleStart} style={FIELD_STYLE} />
      <DayInput label={t('range.end')} value={end} onChange={handleEnd} style={FIELD_STYLE} />
      {children}
    </Group>
  );
}
