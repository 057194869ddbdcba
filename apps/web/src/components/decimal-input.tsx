import { TextInput, type TextInputProps } from '@mantine/core';

/** SPEC §5: a numeric input takes digits and one decimal point, nothing else. */
export function isDecimalText(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}

interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A text box for hours: a keystroke that would make it anything but digits and one point is ignored. */
export function DecimalInput({ value, onChange, ...props }: DecimalInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isDecimalText(next)) onChange(next);
      }}
    />
  );
}
