import { mkdirSync, writeFileSync } from 'node:fs';
import { IDLE_SECONDS } from './app-process.js';

/** One measured figure beside its budget; `isWithinBudget` is null when there is no budget. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: string;
  isWithinBudget: boolean | null;
}

export function figure(
  name: string,
  value: number,
  unit: string,
  budget: string,
  isWithin: boolean | null,
): Figure {
  return { name, value: Math.round(value * 100) / 100, unit, budget, isWithinBudget: isWithin };
}

export function printFigures(figures: Figure[]): void {
  console.table(
    figures.map((f) => ({
      figure: f.name,
      value: `${f.value} ${f.unit}`,
      budget: f.budget,
      ok: f.isWithinBudget === null ? '' : f.isWithinBudget ? 'yes' : 'NO',
    })),
  );
}

/**
 * bench/results/<name>.json (or BENCH_RESULTS_DIR/<name>.json, as the smoke test uses, so a
 * tiny run never overwrites the recorded figures): when, the run's parameters, and every figure.
 */
export function writeResults(name: string, parameters: Record<string, unknown>, figures: Figure[]): void {
  const dir = process.env.BENCH_RESULTS_DIR ?? 'bench/results';
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}/${name}.json`,
    JSON.stringify({ measured_at: new Date().toISOString(), ...parameters, figures }, null, 2),
  );
}

/** Nearest-rank percentile (p in 0–100) of a non-empty list; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One call's p50, judged against the budget, and its p95, named with the database they ran on. */
export function latencyFigures(dialect: string, call: string, timings: number[], budgetMs: number): Figure[] {
  const p50 = percentile(timings, 50);
  return [
    figure(`${dialect}: ${call}, p50`, p50, 'ms', `≤ ${budgetMs} ms`, p50 <= budgetMs),
    figure(`${dialect}: ${call}, p95`, percentile(timings, 95), 'ms', '', null),
  ];
}

/**
 * Runs `benchmark` on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names one,
 * as BENCH_DIALECTS (default `sqlite,postgres`) asks; prints every figure and records them under `name`.
 */
export async function benchOnEachDatabase(
  name: string,
  parameters: Record<string, unknown>,
  benchmark: (postgresUrl: string | undefined) => Promise<Figure[]>,
): Promise<void> {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
  const figures: Figure[] = [];
  if (wanted.includes('sqlite')) figures.push(...(await benchmark(undefined)));
  if (wanted.includes('postgres') && postgresUrl) figures.push(...(await benchmark(postgresUrl)));
  printFigures(figures);
  writeResults(name, parameters, figures);
}

/** The idle server's resident memory budget (issue 6, again in issue 45.9), and the one under load (issue 4). */
export const IDLE_RSS_BUDGET_MIB = 100;
export const PEAK_RSS_BUDGET_MIB = 200;

/** A server process's resident memory after standing idle (BenchApp.idleRssMb), beside its budget. */
export function idleRssFigure(idleMib: number, who = 'server'): Figure {
  return figure(
    `${who} RSS idle (${IDLE_SECONDS} s after start)`,
    idleMib,
    'MiB',
    `≤ ${IDLE_RSS_BUDGET_MIB} MiB`,
    idleMib <= IDLE_RSS_BUDGET_MIB,
  );
}

/** A server process's highest resident memory (BenchApp.peakRssMb), beside the budget under load. */
export function peakRssFigure(peakMib: number, who = 'server'): Figure {
  return figure(
    `${who} RSS peak (high-water mark)`,
    peakMib,
    'MiB',
    `≤ ${PEAK_RSS_BUDGET_MIB} MiB`,
    peakMib <= PEAK_RSS_BUDGET_MIB,
  );
}

/** Idle memory read before the load and the peak read once it is done, each beside its budget. */
export function memoryFigures(idleMib: number, peakMib: number, who = 'server'): Figure[] {
  return [idleRssFigure(idleMib, who), peakRssFigure(peakMib, who)];
}
