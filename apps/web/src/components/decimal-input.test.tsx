import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { DecimalInput, isDecimalText } from './decimal-input';

function Harness() {
  const [value, setValue] = useState('');
  return <DecimalInput label="Hours" value={value} onChange={setValue} />;
}

describe('DecimalInput', () => {
  it('accepts digits and one decimal point only', () => {
    expect(isDecimalText('12.5')).toBe(true);
    expect(isDecimalText('1.2.3')).toBe(false);
    expect(isDecimalText('1e3')).toBe(false);
    expect(isDecimalText('-1')).toBe(false);
  });

  it('ignores letters and a second decimal point while typing', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Harness />
      </AppProviders>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Hours');
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.change(input, { target: { value: '2a' } });
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.change(input, { target: { value: '2.5.' } });
    expect(input.value).toBe('2.5');
  });
});
