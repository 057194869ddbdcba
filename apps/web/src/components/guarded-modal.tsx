import { Modal, type ModalProps } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { DiscardQuestion } from './discard-question';

/** Lets a form deep inside the dialog tell it whether something was typed. */
const ReportDirtyContext = createContext<(isDirty: boolean) => void>(() => {});

/**
 * Marks the surrounding GuardedModal as holding typed content, so Esc, the close button and a
 * click outside ask before discarding it. Forms call it with `form.isDirty()` or their own check.
 */
export function useDiscardGuard(isDirty: boolean): void {
  const report = useContext(ReportDirtyContext);
  useEffect(() => report(isDirty), [report, isDirty]);
  // A form that unmounts (dialog closed, saved) no longer holds anything to lose.
  useEffect(() => () => report(false), [report]);
}

/**
 * Mantine's Modal, except that dismissing it (Esc, ×, outside click) while the form inside has
 * typed content first asks "Discard your changes?". The form's own Cancel and a successful save call
 * `onClose` directly: those are deliberate, so they do not ask. A dialog with nothing typed closes at
 * once.
 */
export function GuardedModal({ onClose, opened, children, ...props }: ModalProps) {
  const isDirtyRef = useRef(false);
  const [isAsking, setIsAsking] = useState(false);
  // Mantine's modals all hear Esc on window; one shared "already handled" set (what Modal.Stack uses,
  // without its hiding of the lower dialog) keeps the Esc that raised the question from dismissing it.
  const [handledEscapes] = useState(() => new WeakSet<KeyboardEvent>());
  const report = useCallback((isDirty: boolean) => {
    isDirtyRef.current = isDirty;
  }, []);

  function requestClose() {
    // While the question is up, it alone answers (keep editing or discard).
    if (isAsking) return;
    if (isDirtyRef.current) setIsAsking(true);
    else onClose();
  }

  function discard() {
    setIsAsking(false);
    isDirtyRef.current = false;
    onClose();
  }

  // While asking, the form's dialog neither answers Esc nor traps focus: the question does both.
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!isAsking}
        trapFocus={!isAsking}
        __handledEscapeEvents={handledEscapes}
        {...props}
      >
        <ReportDirtyContext.Provider value={report}>{children}</ReportDirtyContext.Provider>
      </Modal>
      <DiscardQuestion
        opened={opened && isAsking}
        handledEscapes={handledEscapes}
        onKeep={() => setIsAsking(false)}
        onDiscard={discard}
      />
    </>
  );
}
