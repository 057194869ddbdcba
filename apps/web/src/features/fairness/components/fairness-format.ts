import { useFormat } from '../../../lib/use-format';

/** Numbers, percentages and calendar days in the reader's language: the shared formatter's names here. */
export function useFairnessFormat() {
  const format = useFormat();
  return { number: format.number, percent: format.percent, day: (value: string) => format.date(value) };
}

export type FairnessFormat = ReturnType<typeof useFairnessFormat>;
