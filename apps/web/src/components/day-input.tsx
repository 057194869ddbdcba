import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/**
 * Dates read D/M/YYYY in both languages (docs/decisions.md: the format SPEC §2 shows for invitations),
 * typed or picked from the UI kit's calendar in the page's language, never the browser's native input
 * in the browser's locale (issue 14).
 */
export const DAY_FORMAT = 'D/M/YYYY';
const TYPED_FORMATS = ['D/M/YYYY', 'D-M-YYYY', 'D.M.YYYY', 'YYYY-MM-DD'];

/** What a person types ('5/3/2026', '05-03-2026', '2026-03-05') as 'YYYY-MM-DD'; null if not a date. */
export function parseDay(text: string): string | null {
  const day = dayjs(text.trim(), TYPED_FORMATS, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

interface DayInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** 'YYYY-MM-DD', or null / '' when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
}

export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { t, i18n } = useTranslation();
  // The calendar's month and day names in the page's language; weeks start on Monday in both.
  const settings = { locale: i18n.language.startsWith('es') ? 'es' : 'en', firstDayOfWeek: 1 as const };
  return (
    <DatesProvider settings={settings}>
      <DateInput
        valueFormat={DAY_FORMAT}
        dateParser={parseDay}
        placeholder={t('date_placeholder')}
        value={value === '' ? null : value}
        onChange={onChange}
        {...props}
      />
    </DatesProvider>
  );
}
