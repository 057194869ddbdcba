import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Every zone the browser knows by its IANA name; `UTC` first-class even where the list omits it. */
function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

interface TimeZoneFieldProps {
  /** null: the server's zone. */
  value: string | null;
  error?: string;
  onChange: (value: string | null) => void;
}

/** The zone a project's reports count days in: searchable, clearable back to the server's. */
export function TimeZoneField({ value, error, onChange }: TimeZoneFieldProps) {
  const { t } = useTranslation('projects');
  const zones = useMemo(() => {
    const known = knownTimeZones();
    // A zone saved elsewhere that this browser does not list stays choosable.
    return value && !known.includes(value) ? [value, ...known] : known;
  }, [value]);
  return (
    <Select
      label={t('fields.time_zone')}
      description={t('time_zone_hint')}
      placeholder={t('time_zone_default')}
      data={zones}
      value={value}
      searchable
      clearable
      limit={50}
      nothingFoundMessage={t('time_zone_none')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      onChange={onChange}
    />
  );
}
