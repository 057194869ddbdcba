import { figure, type Figure } from '../lib/figures.js';
import type { SetName } from './eval-set.js';

/** A figure over some of a set's questions; `count` is how many it was taken over. */
export interface Measured {
  value: number;
  count: number;
}

/** One row of the quality report: a figure measured on each set, beside its goal. */
export interface SideBySideRow {
  name: string;
  goal: string;
  /** null: a figure without a goal. */
  isMet: ((value: number) => boolean) | null;
  bySet: Partial<Record<SetName, Measured>>;
}

const rounded = (value: number) => Math.round(value * 100) / 100;

function cell(row: SideBySideRow, set: SetName): string {
  const measured = row.bySet[set];
  if (!measured) return '';
  const ok = row.isMet === null || measured.count === 0 ? '' : row.isMet(measured.value) ? '' : ' NO';
  return `${rounded(measured.value).toFixed(2)} (n=${measured.count})${ok}`;
}

/** The rows as one table: a column per set (dev | test), then the goal; NO marks a missed goal. */
export function printSideBySide(rows: readonly SideBySideRow[], sets: readonly SetName[]): void {
  console.table(
    rows.map((row) => ({
      figure: row.name,
      ...Object.fromEntries(sets.map((set) => [set, cell(row, set)])),
      goal: row.goal,
    })),
  );
}

/** The rows as bench/results figures, one per set, named `<set>: <figure>`. */
export function sideBySideFigures(rows: readonly SideBySideRow[], sets: readonly SetName[]): Figure[] {
  return rows.flatMap((row) =>
    sets.flatMap((set) => {
      const measured = row.bySet[set];
      if (!measured) return [];
      const isWithin = row.isMet === null || measured.count === 0 ? null : row.isMet(measured.value);
      return [figure(`${set}: ${row.name} (n=${measured.count})`, measured.value, '', row.goal, isWithin)];
    }),
  );
}
