import { useState, type KeyboardEvent } from 'react';

/**
 * Esc in an inline form of the board (new task, new board, column and board names). With nothing
 * typed it cancels at once, as before; with typed text it asks first, as GuardedModal does for
 * dialogs. The form's own cancel button stays deliberate and does not ask. Render
 * `<DiscardQuestion {...question} />` next to the form.
 */
export function useInlineDiscardGuard(isDirty: boolean, onCancel: () => void) {
  const [isAsking, setIsAsking] = useState(false);

  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    if (isDirty) setIsAsking(true);
    else onCancel();
  }

  const question = {
    opened: isAsking,
    onKeep: () => setIsAsking(false),
    onDiscard: () => {
      setIsAsking(false);
      onCancel();
    },
  };
  return { cancelOnEscape, question };
}
