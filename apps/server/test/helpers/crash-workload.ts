import type { ServerProcess } from './server-process.js';
import type { TokenHeaders } from './factories.js';

/** A small seeded generator (mulberry32): the same seed replays the same choices and kill delay. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server answered 2xx to (acknowledged), and what was in flight when it died (pending). */
export interface Ledger {
  created: { id: number; title: string; columnId: number }[];
  pendingTitles: Set<string>;
  /** Per task: the column of its last acknowledged move, and of a move in flight, if any. */
  moves: Map<number, { acknowledged: number[]; pending: number | null }>;
  hours: { id: number; taskId: number; hours: number; date: string }[];
  pendingHourTasks: number[];
}

export function emptyLedger(): Ledger {
  return { created: [], pendingTitles: new Set(), moves: new Map(), hours: [], pendingHourTasks: [] };
}

export function acknowledgedCount(ledger: Ledger): number {
  const moves = [...ledger.moves.values()].reduce((sum, entry) => sum + entry.acknowledged.length, 0);
  return ledger.created.length + moves + ledger.hours.length;
}

/** Writes sent but not answered when the server died: each may or may not have committed. */
export function inFlightCount(ledger: Ledger): number {
  const moves = [...ledger.moves.values()].filter((entry) => entry.pending !== null).length;
  return ledger.pendingTitles.size + moves + ledger.pendingHourTasks.length;
}

export interface Workload {
  server: ServerProcess;
  headers: TokenHeaders;
  columnIds: number[];
  /** Tasks each worker may move or log hours on (its own: one write per task in flight at most). */
  tasksOf: number[][];
  random: () => number;
  round: number;
  isStopped: () => boolean;
}

/** One worker: sequential writes until the server dies; every 2xx lands in the ledger. */
export async function runWorker(work: Workload, worker: number, ledger: Ledger): Promise<void> {
  let sequence = 0;
  while (!work.isStopped()) {
    const own = work.tasksOf[worker]!;
    const choice = own.length === 0 ? 0 : work.random();
    const taskId = own[Math.floor(work.random() * own.length)]!;
    const columnId = work.columnIds[Math.floor(work.random() * work.columnIds.length)]!;
    try {
      if (choice < 0.4) {
        const title = `r${work.round}-w${worker}-${sequence++}`;
        ledger.pendingTitles.add(title);
        const response = await work.server.call(work.headers, 'POST', `/api/columns/${columnId}/tasks`, {
          title,
        });
        if (response.status !== 201) throw new Error(`create answered ${response.status}`);
        const id = Number(response.json.data?.id);
        ledger.pendingTitles.delete(title);
        ledger.created.push({ id, title, columnId });
        own.push(id);
      } else if (choice < 0.75) {
        const entry = ledger.moves.get(taskId) ?? { acknowledged: [], pending: null };
        ledger.moves.set(taskId, entry);
        entry.pending = columnId;
        const response = await work.server.call(work.headers, 'POST', `/api/tasks/${taskId}/move`, {
          column_id: columnId,
        });
        if (response.status !== 200) throw new Error(`move answered ${response.status}`);
        entry.acknowledged.push(columnId);
        entry.pending = null;
      } else {
        const hours = Math.round((0.25 + work.random() * 4) * 4) / 4;
        const date = `2026-11-${String(1 + Math.floor(work.random() * 20)).padStart(2, '0')}`;
        ledger.pendingHourTasks.push(taskId);
        const response = await work.server.call(work.headers, 'POST', `/api/tasks/${taskId}/hours`, {
          hours,
          date,
        });
        if (response.status !== 201) throw new Error(`hours answered ${response.status}`);
        ledger.pendingHourTasks.splice(ledger.pendingHourTasks.indexOf(taskId), 1);
        ledger.hours.push({ id: Number(response.json.data?.id), taskId, hours, date });
      }
    } catch (error) {
      // The kill cuts requests off mid-flight: those stay pending. Anything else is a real failure.
      if (!work.isStopped()) throw error;
      return;
    }
  }
}

/**
 * Runs `workers` writers against the server, SIGKILLs it after `killAfterMs` and answers the ledger
 * once every request has settled. A writer that fails before the kill fails the round.
 */
export async function writeUntilKilled(
  work: Omit<Workload, 'isStopped'>,
  workers: number,
  killAfterMs: number,
): Promise<Ledger> {
  const ledger = emptyLedger();
  const failures: unknown[] = [];
  let isStopped = false;
  const running = Array.from({ length: workers }, (_, worker) =>
    runWorker({ ...work, isStopped: () => isStopped }, worker, ledger).catch((error) => failures.push(error)),
  );
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  isStopped = true;
  await work.server.kill('SIGKILL');
  await Promise.all(running);
  if (failures.length > 0) throw failures[0];
  return ledger;
}
