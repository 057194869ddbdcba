import { fireEvent, render, screen } from '@testing-library/react';
import { formatFieldDate, parseTypedDate, readTypedDate } from '@teamboard/i18n';
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

describe('parseTypedDate', () => {
  it.each(['es', 'en'])('reads day-first numbers with and without leading zeros (%s)', (lang) => {
    for (const text of ['05/02/2027', '5/2/2027', '05-02-2027', '5.2.2027', ' 05/2/2027 ', '2027-02-05']) {
      expect(parseTypedDate(text, lang), text).toBe('2027-02-05');
    }
    expect(parseTypedDate('15/01/2027', lang)).toBe('2027-01-15');
    expect(parseTypedDate('10/01/2027', lang)).toBe('2027-01-10');
  });

  it('reads the month as a word in the page language, in either order', () => {
    for (const text of [
      '2 dic 2026',
      '2 dic. 2026',
      '2 de diciembre de 2026',
      'Diciembre 2, 2026',
      '2 DIC 2026',
    ]) {
      expect(parseTypedDate(text, 'es'), text).toBe('2026-12-02');
    }
    expect(parseTypedDate('2 setiembre 2026', 'es')).toBe('2026-09-02');
    for (const text of ['Dec 2, 2026', 'December 2 2026', '2 Dec 2026', 'dec. 2, 2026']) {
      expect(parseTypedDate(text, 'en'), text).toBe('2026-12-02');
    }
  });

  it('says why it refuses: a day the calendar lacks, or a text that is not a date', () => {
    expect(readTypedDate('31/02/2027', 'es')).toEqual({ problem: 'no_such_day' });
    expect(readTypedDate('29/02/2027', 'en')).toEqual({ problem: 'no_such_day' });
    expect(parseTypedDate('29/02/2028', 'en')).toBe('2028-02-29');
    expect(readTypedDate('02/31/2027', 'en')).toEqual({ problem: 'no_such_day' });
    for (const text of ['05/02/27', '05/02/202', '5 2027', 'ma 2 2026', 'tomorrow', '2 dic 2026 10:00']) {
      expect(readTypedDate(text, 'es'), text).toEqual({ problem: 'unreadable' });
    }
    // Month names are read in the page's language only.
    expect(readTypedDate('2 Dec 2026', 'es')).toEqual({ problem: 'unreadable' });
  });

  it.each(['es', 'en'])('reads back every month the field shows (%s)', (lang) => {
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2026-${String(month).padStart(2, '0')}-02`;
      expect(parseTypedDate(formatFieldDate(iso, lang), lang), iso).toBe(iso);
    }
  });

  it('shows the month as a word', () => {
    expect(formatFieldDate('2026-12-02', 'es')).toBe('2 dic 2026');
    expect(formatFieldDate('2026-12-02', 'en')).toBe('Dec 2, 2026');
  });
});

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
