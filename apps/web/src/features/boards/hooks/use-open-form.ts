import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';

/**
 * docs/spec.md §4: only one of the board's forms and dropdowns (create board/column/task, rename, column
 * and board menus, search filters…) is open at a time. The board keeps one value naming the open
 * one; opening another closes it.
 */
export interface OpenFormState {
  openForm: string | null;
  setOpenForm: Dispatch<SetStateAction<string | null>>;
}

export const OpenFormContext = createContext<OpenFormState>({ openForm: null, setOpenForm: () => undefined });

export function useOpenFormState(): OpenFormState {
  const [openForm, setOpenForm] = useState<string | null>(null);
  return useMemo(() => ({ openForm, setOpenForm }), [openForm]);
}

/** One form or dropdown of the board: whether it is open, and a toggle. */
export function useBoardForm(name: string) {
  const { openForm, setOpenForm } = useContext(OpenFormContext);
  const isOpen = openForm === name;
  const open = useCallback(() => setOpenForm(name), [name, setOpenForm]);
  // Closing only closes this one: another form opened meanwhile stays open.
  const close = useCallback(
    () => setOpenForm((current) => (current === name ? null : current)),
    [name, setOpenForm],
  );
  const setOpen = useCallback((next: boolean) => (next ? open() : close()), [open, close]);
  return { isOpen, open, close, setOpen };
}
