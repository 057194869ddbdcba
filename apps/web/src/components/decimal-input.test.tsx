import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import i18n, { i18nReady, loadEveryNamespace } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { DecimalInput, formatDecimal, isDecimalText, normalizeDecimal } from './decimal-input';

/** What the form would save, as the component last handed it on. */
const handedOn: string[] = [];
const lastHandedOn = () => handedOn.at(-1) ?? '';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const handleChange = (next: string) => {
    handedOn.push(next);
    setValue(next);
  };
  return <DecimalInput label="Hours" value={value} onChange={handleChange} />;
}

function renderHarness(initial?: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness initial={initial} />
    </AppProviders>,
  );
  return screen.getByLabelText<HTMLInputElement>('Hours');
}

describe('DecimalInput', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadEveryNamespace();
  });

  it('reads a decimal comma and a decimal point alike', () => {
    expect(normalizeDecimal('2,5')).toBe('2.5');
    expect(normalizeDecimal('2.5')).toBe('2.5');
    expect(normalizeDecimal(',5')).toBe('.5');
    expect(isDecimalText('1,2,3')).toBe(false);
    expect(isDecimalText('1e3')).toBe(false);
    expect(isDecimalText('-1')).toBe(false);
    expect(formatDecimal('2.5', 'es')).toBe('2,5');
    expect(formatDecimal('2.5', 'en')).toBe('2.5');
  });

  it('keeps "2,5" as typed and hands on 2.5, never 25', () => {
    const input = renderHarness();
    fireEvent.change(input, { target: { value: '2,5' } });
    expect(input.value).toBe('2,5');
    expect(lastHandedOn()).toBe('2.5');
    expect(Number(lastHandedOn())).toBe(2.5);
  });

  it('drops nothing typed: an entry that is not a number stays, marked invalid with a sentence', async () => {
    await i18n.changeLanguage('en');
    const input = renderHarness();
    fireEvent.change(input, { target: { value: '2a' } });
    expect(input.value).toBe('2a');
    expect(Number.isNaN(Number(lastHandedOn()))).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Enter a number, such as 2.5.')).toBeTruthy();
  });

  it('shows a stored value the way Spanish writes it', async () => {
    await i18n.changeLanguage('es');
    const input = renderHarness('1.5');
    expect(input.value).toBe('1,5');
    await i18n.changeLanguage('en');
  });
});
