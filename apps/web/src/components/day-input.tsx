import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { formatDate, readTypedDate, type TypedDateProblem } from '@teamboard/i18n';
import 'dayjs/locale/es';
import { useState, type InputEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface DayInputProps extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'fixOnBlur'
> {
  /** 'YYYY-MM-DD', or null / '' when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A day typed as people type it (15/01/2027, 15/1/2027, 15-01-2027, 2027-01-15, 15 ene 2027) or
 * picked from the UI kit's calendar in the page's language, never the browser's native input in the
 * browser's locale (issue 14). It shows the day with the month as a word once read, and says under the
 * field why it could not read a text rather than dropping it (issue 44.1, docs/date-input.md).
 */
export function DayInput({ value, onChange, error, onBlur, onInput, ...props }: DayInputProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [problem, setProblem] = useState<TypedDateProblem | null>(null);
  const [isProblemShown, setIsProblemShown] = useState(false);
  // The calendar's month and day names in the page's language; weeks start on Monday in both.
  const settings = { locale: lang.startsWith('es') ? 'es' : 'en', firstDayOfWeek: 1 as const };

  function handleInput(event: InputEvent<HTMLInputElement>) {
    onInput?.(event);
    const text = event.currentTarget.value;
    const read = text.trim() === '' ? null : readTypedDate(text, lang);
    setProblem(read?.problem ?? null);
    setIsProblemShown(false);
    // A text that is not a day no longer holds the day it replaced: the form must not save that one.
    if (read?.problem && value) onChange(null);
  }

  function handleChange(next: string | null) {
    setProblem(null);
    setIsProblemShown(false);
    onChange(next);
  }

  return (
    <DatesProvider settings={settings}>
      <DateInput
        valueFormat={(day) => formatDate(lang, String(day).slice(0, 10))}
        dateParser={(text) => readTypedDate(text, lang).iso ?? null}
        placeholder={t('date_placeholder')}
        value={value === '' ? null : value}
        onChange={handleChange}
        onInput={handleInput}
        onBlur={(event) => {
          onBlur?.(event);
          setIsProblemShown(problem !== null);
        }}
        // An unread text stays in the field beside its message, so the person can correct it.
        fixOnBlur={problem === null}
        error={isProblemShown && problem ? t(`date_input.${problem}`) : error}
        {...props}
      />
    </DatesProvider>
  );
}
