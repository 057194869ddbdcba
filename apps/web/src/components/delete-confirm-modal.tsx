import { notifySuccess } from '../lib/notify';
import { ConfirmModal } from './confirm-modal';

interface DeleteConfirmModalProps<Item extends { id: number }> {
  /** What the user asked to delete; null: the modal is closed. */
  item: Item | null;
  /** The delete mutation, by id. */
  remove: { isPending: boolean; mutate: (id: number, options: { onSuccess: () => void }) => void };
  /** In the caller's own namespace; `done` is the notice once it is deleted. */
  labels: { title: string; text: string; confirm: string; cancel: string; done: string };
  onClose: () => void;
}

/** Asks before deleting one item, deletes it by its id, says so and closes; on failure it stays open. */
export function DeleteConfirmModal<Item extends { id: number }>({
  item,
  remove,
  labels,
  onClose,
}: DeleteConfirmModalProps<Item>) {
  return (
    <ConfirmModal
      opened={item !== null}
      title={labels.title}
      text={labels.text}
      confirmLabel={labels.confirm}
      cancelLabel={labels.cancel}
      isPending={remove.isPending}
      isDestructive
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            notifySuccess(labels.done);
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
