import { Button, Group, Select } from '@mantine/core';
import type { CourseOverview } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { CourseFilters as Filters } from '../api/get-course-overview';

const FIELDS = [
  { key: 'year', options: 'years' },
  { key: 'semester', options: 'semesters' },
  { key: 'section', options: 'sections' },
  { key: 'group', options: 'groups' },
] as const;

interface CourseFiltersProps {
  filters: Filters;
  /** The values present among the visible teams. */
  options: CourseOverview['filters'];
  onChange: (filters: Filters) => void;
}

/** Year, semester, section and group: each a choice among the values the visible teams have. */
export function CourseFilters({ filters, options, onChange }: CourseFiltersProps) {
  const { t } = useTranslation('course-overview');
  const isFiltered = FIELDS.some(({ key }) => filters[key] !== undefined);
  return (
    <Group align="flex-end" gap="sm" role="group" aria-label={t('filters.label')}>
      {FIELDS.map(({ key, options: list }) => {
        const value = filters[key] ?? null;
        // A value in the address that no visible team has any more stays choosable (and clearable).
        const data =
          value !== null && !options[list].includes(value) ? [value, ...options[list]] : options[list];
        return (
          <Select
            key={key}
            label={t(`filters.${key}`)}
            placeholder={t('filters.any')}
            data={data}
            value={value}
            clearable
            searchable={data.length > 8}
            onChange={(next) => onChange({ ...filters, [key]: next ?? undefined })}
            style={{ flex: '1 1 130px', maxWidth: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        );
      })}
      {isFiltered && (
        <Button variant="subtle" onClick={() => onChange({})}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
