import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { DeleteConfirmModal } from './delete-confirm-modal';
import { EditDeleteButtons } from './edit-delete-actions';

const LABELS = {
  title: 'Delete it?',
  text: 'It goes for good.',
  confirm: 'Delete',
  cancel: 'Cancel',
  done: 'Deleted',
};

function Harness({ fails = false, deleted }: { fails?: boolean; deleted: number[] }) {
  const [item, setItem] = useState<{ id: number } | null>(null);
  const remove = {
    isPending: false,
    mutate: (id: number, options: { onSuccess: () => void }) => {
      deleted.push(id);
      if (!fails) options.onSuccess();
    },
  };
  return (
    <AppProviders queryClient={createQueryClient()}>
      <EditDeleteButtons
        editLabel="Edit"
        deleteLabel="Remove"
        onEdit={() => undefined}
        onDelete={() => setItem({ id: 7 })}
      />
      <DeleteConfirmModal item={item} remove={remove} labels={LABELS} onClose={() => setItem(null)} />
    </AppProviders>
  );
}

describe('DeleteConfirmModal', () => {
  it('asks first, deletes the item by its id, says so and closes', async () => {
    const deleted: number[] = [];
    render(<Harness deleted={deleted} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('It goes for good.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(deleted).toEqual([7]);
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it('stays open when the delete fails, and Cancel deletes nothing', async () => {
    const deleted: number[] = [];
    render(<Harness fails deleted={deleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText('It goes for good.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([7]);
  });
});
