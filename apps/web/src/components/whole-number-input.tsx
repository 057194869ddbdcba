import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const WHOLE_NUMBER_TEXT = /^\s*-?\d+\s*$/;

/**
 * What a whole-number box holds: '' when empty, the number when the text is one (a minus sign
 * included: "-3" is -3, for the schema to refuse, never 3), or NaN for anything else.
 */
export function readWholeNumber(text: string): number | '' {
  if (text.trim() === '') return '';
  return WHOLE_NUMBER_TEXT.test(text) ? Number(text.trim()) : Number.NaN;
}

interface WholeNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: number | '';
  onChange: (value: number | '') => void;
  /** The localized message for the value (the form checks it with the contract's schema). */
  error?: string | undefined;
}

/**
 * A text box for a whole number (issue 44.9). It keeps what is typed, character for character —
 * unlike a number input that drops a minus sign or letters and so saves something else than was
 * typed: the value reaches `onChange` as read (NaN when not a number) and the form shows the error.
 */
export function WholeNumberInput({ value, onChange, error, ...props }: WholeNumberInputProps) {
  const [text, setText] = useState(() => String(value));
  // A value set from outside (a default applied by the form) replaces what is shown.
  useEffect(() => {
    setText((shown) => (Object.is(readWholeNumber(shown), value) ? shown : String(value)));
  }, [value]);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      error={error}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(readWholeNumber(typed));
      }}
    />
  );
}
