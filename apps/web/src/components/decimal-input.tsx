import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DECIMAL_TEXT = /^\s*(\d+([.,]\d*)?|[.,]\d+)?\s*$/;

/** Digits with at most one decimal separator, point or comma (either is unambiguous here: no grouping). */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

/** '2,5' and '2.5' → '2.5' (what Number() reads); anything else is returned as typed. */
export function normalizeDecimal(text: string): string {
  return isDecimalText(text) ? text.trim().replace(',', '.') : text;
}

/** '2.5' shown as the language writes it: '2,5' in Spanish, '2.5' in English. */
export function formatDecimal(value: string, language: string): string {
  return language.startsWith('es') ? value.replace('.', ',') : value;
}

interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The number as Number() reads it ('2.5'), '' when empty, or the invalid text as typed. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text box for hours. Takes the decimal comma and the decimal point alike and shows the number as
 * the language writes it. Nothing typed is dropped: an entry that is not a number stays in the box,
 * marked invalid with a localized message, and reaches `onChange` as typed (so it is never saved).
 */
export function DecimalInput({ value, onChange, error, ...props }: DecimalInputProps) {
  const { t, i18n } = useTranslation('errors');
  const [text, setText] = useState(() => formatDecimal(value, i18n.language));
  // A value set from outside (reset after saving, another language) replaces what is shown.
  useEffect(() => {
    setText((shown) => (normalizeDecimal(shown) === value ? shown : formatDecimal(value, i18n.language)));
  }, [value, i18n.language]);
  const isValid = isDecimalText(text);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={error ?? (isValid ? undefined : t('NUMBER_NOT_VALID'))}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(normalizeDecimal(typed));
      }}
    />
  );
}
