/** A number to two decimals, as hours, averages and rates are shown and sent. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
