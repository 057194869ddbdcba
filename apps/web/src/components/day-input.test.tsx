import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import i18n from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { DayInput } from './day-input';

/** What the form would save, as the field last handed it on. */
let handedOn: string | null | undefined;

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  const handleChange = (next: string | null) => {
    handedOn = next;
    setValue(next);
  };
  return <DayInput label="Deadline" value={value} onChange={handleChange} />;
}

async function renderIn(language: 'en' | 'es', initial?: string | null) {
  await i18n.changeLanguage(language);
  handedOn = undefined;
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness initial={initial} />
    </AppProviders>,
  );
  return screen.getByLabelText<HTMLInputElement>('Deadline');
}

function typeAndLeave(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('DayInput', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['es', '5 feb 2027'],
    ['en', 'Feb 5, 2027'],
  ] as const)('takes "05/02/2027" and shows it with the month as a word (%s)', async (language, shown) => {
    const input = await renderIn(language);
    typeAndLeave(input, '05/02/2027');
    expect(handedOn).toBe('2027-02-05');
    expect(input.value).toBe(shown);
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps a text it cannot read, says why under the field and drops the day it replaced', async () => {
    const input = await renderIn('es', '2027-01-15');
    expect(input.value).toBe('15 ene 2027');
    typeAndLeave(input, '15/01/27');
    expect(input.value).toBe('15/01/27');
    expect(handedOn).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        'No se pudo leer la fecha. Escríbela con el día primero, como 15/01/2027 o 15 ene 2027.',
      ),
    ).toBeTruthy();
  });

  it('says a day is not on the calendar, then takes the corrected one', async () => {
    const input = await renderIn('en');
    typeAndLeave(input, '31/02/2027');
    expect(
      screen.getByText(
        'That day is not on the calendar. Check the day and the month (day first: 15/01/2027).',
      ),
    ).toBeTruthy();
    typeAndLeave(input, '28/02/2027');
    expect(handedOn).toBe('2027-02-28');
    expect(screen.queryByText(/not on the calendar/)).toBeNull();
  });
});
