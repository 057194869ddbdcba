import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { PresentUser } from '@teamboard/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { BoardPresence } from './board-presence';

afterEach(async () => {
  await changeLanguage('en');
});

const ana: PresentUser = { id: 1, name: 'Ana Pérez', photo: null };
const luis: PresentUser = { id: 2, name: 'Luis Gómez', photo: null };
const bea: PresentUser = { id: 3, name: 'Bea Ruiz', photo: '/uploads/bea.png' };

function show(users: PresentUser[], currentUserId: number | null = 1) {
  return render(
    <MantineProvider env="test">
      <BoardPresence users={users} currentUserId={currentUserId} />
    </MantineProvider>,
  );
}

describe('BoardPresence', () => {
  it('shows the others, not me, named in one label', () => {
    show([ana, luis, bea]);
    const group = screen.getByRole('img', { name: 'Also on this board: Luis Gómez, Bea Ruiz' });
    expect(group.getAttribute('data-testid')).toBe('board-presence');
    expect(group.textContent).toContain('LG');
    expect(group.textContent).not.toContain('AP');
    expect(group.querySelector('img')?.getAttribute('src')).toBe('/uploads/bea.png');
  });

  it('hides itself when I am alone or nobody is there', () => {
    show([ana]);
    expect(screen.queryByTestId('board-presence')).toBeNull();
    show([]);
    expect(screen.queryByTestId('board-presence')).toBeNull();
  });

  it('folds the faces past five into "+N"', () => {
    const many = Array.from({ length: 7 }, (_, index) => ({
      id: 10 + index,
      name: `User ${index}`,
      photo: null,
    }));
    show(many);
    expect(screen.getByTestId('board-presence').textContent).toContain('+2');
  });

  it('words the label in Spanish', async () => {
    await changeLanguage('es');
    show([ana, luis]);
    expect(screen.getByRole('img', { name: 'También en este tablero: Luis Gómez' })).toBeTruthy();
  });
});
