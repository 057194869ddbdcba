import { Group, Select } from '@mantine/core';
import type { StandupMember } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import type { StandupsUrlState } from '../hooks/standups-url-state';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const FIELD_STYLE = { flex: '1 1 140px', maxWidth: 200 };

interface StandupFiltersProps {
  /** The range as shown: the address's days, or the server's default range. */
  startDate: string | undefined;
  endDate: string | undefined;
  onRangeChange: (range: Pick<StandupsUrlState, 'start_date' | 'end_date'>) => void;
  /** With these, a member select too (the list; the analysis covers the team). */
  members?: StandupMember[];
  userId?: string;
  onUserChange?: (userId: string | undefined) => void;
}

/** From, To and (for the list) Member; each change is a new address, so a reload keeps the view. */
export function StandupFilters({
  startDate,
  endDate,
  onRangeChange,
  members,
  userId,
  onUserChange,
}: StandupFiltersProps) {
  const { t } = useTranslation('standups');
  const start = startDate && DAY_RE.test(startDate) ? startDate : null;
  const end = endDate && DAY_RE.test(endDate) ? endDate : null;
  // Clearing a field changes nothing: a range always has both days.
  const handleStart = (value: string | null) => {
    if (value && value !== start) onRangeChange({ start_date: value, end_date: end ?? value });
  };
  const handleEnd = (value: string | null) => {
    if (value && value !== end) onRangeChange({ start_date: start ?? value, end_date: value });
  };
  return (
    <Group align="flex-end" gap="sm">
      <DayInput label={t('filters.start')} value={start} onChange={handleStart} style={FIELD_STYLE} />
      <DayInput label={t('filters.end')} value={end} onChange={handleEnd} style={FIELD_STYLE} />
      {members && onUserChange && (
        <Select
          label={t('filters.member')}
          style={{ flex: '1 1 160px', maxWidth: 240 }}
          allowDeselect={false}
          data={[
            { value: '', label: t('filters.everyone') },
            ...members.map((member) => ({ value: String(member.user_id), label: member.name })),
          ]}
          value={userId ?? ''}
          onChange={(value) => onUserChange(value ? value : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Group>
  );
}
