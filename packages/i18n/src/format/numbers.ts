import { numberFormat } from './cache';

export interface NumberOptions {
  /** Digits after the decimal separator at most (default 2): 2.5 stays "2.5", 1/3 becomes "0.33". */
  maximumFractionDigits?: number;
  /** "+3" / "−2" for changes; zero stays unsigned. */
  signed?: boolean;
}

/** "1,234.5" / "1234,5" (Spanish groups from five digits, as Intl does for 'es'). */
export function formatNumber(language: string, value: number, options: NumberOptions = {}): string {
  const { maximumFractionDigits = 2, signed = false } = options;
  return numberFormat(language, {
    maximumFractionDigits,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value);
}

/** "2.5 h" / "2,5 h": hours are shown to the hundredth, as they are logged. */
export function formatHours(language: string, hours: number): string {
  return `${formatNumber(language, hours, { maximumFractionDigits: 2 })} h`;
}

/** A ratio 0..1 as "12.5%" / "12,5 %". */
export function formatPercent(language: string, ratio: number, maximumFractionDigits = 1): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits }).format(ratio);
}

const FILE_UNITS = ['KB', 'MB', 'GB'] as const;

/** "512 B", "1.5 MB" / "1,5 MB": binary multiples (1 KB = 1024 B), one decimal. */
export function formatFileSize(language: string, bytes: number): string {
  if (bytes < 1024) return `${formatNumber(language, bytes, { maximumFractionDigits: 0 })} B`;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < FILE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${formatNumber(language, size, { maximumFractionDigits: 1 })} ${FILE_UNITS[unit]}`;
}

/**
 * The exact sum of logged hours: each value counted in whole hundredths (the precision hours are logged
 * in), so 0.1 + 0.2 is 0.3 and not 0.30000000000000004.
 */
export function sumHours(values: Iterable<number>): number {
  let hundredths = 0;
  for (const value of values) hundredths += Math.round(value * 100);
  return hundredths / 100;
}
