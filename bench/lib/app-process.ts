import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long the app stands untouched after its start before its idle memory is read (idleRssMb). */
export const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

/**
 * The built app (what `npm start` runs) on its own port and data folder, for benchmarks. `env` adds
 * to (or overrides) its environment: DATABASE_URL, REDIS_URL… Instances that share a database must
 * share SECRET_KEY too, or one cannot check the tokens the other issued.
 */
export class BenchApp {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-'));
  /** The server's stdout and stderr (pino lines at LOG_LEVEL=warn), kept for a look after the run. */
  readonly logFile = join(this.dataDir, 'server.log');
  private child: ChildProcess | undefined;
  private healthyAt = 0;

  constructor(
    readonly port: number,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      ...this.extraEnv,
    };
  }

  /** A confirmed admin account, made with the real CLI (admins own unlimited projects). */
  createAdmin(email: string, password: string): void {
    const result = spawnSync(
      process.execPath,
      [
        'apps/server/dist/cli.js',
        'create-admin',
        '--email',
        email,
        '--name',
        'Bench Admin',
        '--password',
        password,
      ],
      { env: this.env, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr}`);
  }

  async start(): Promise<number> {
    const startedAt = performance.now();
    const log = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [...profilerArgs(), 'apps/server/dist/main.js'], {
      env: this.env,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    for (;;) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) {
          this.healthyAt = performance.now();
          return this.healthyAt - startedAt;
        }
      } catch {
        // not listening yet
      }
      // 60 s: a cold start on a loaded 2-core CI machine once took longer than 30.
      if (this.child.exitCode !== null || performance.now() - startedAt > 60_000)
        throw new Error(`the app did not start (exit ${this.child.exitCode}):\n${this.logTail()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The last lines the server wrote: a failed start says why in the test's own output (CI keeps no files). */
  private logTail(): string {
    if (!existsSync(this.logFile)) return '(no log)';
    return readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n');
  }

  /** Resident memory of the server process, in MiB (Linux /proc). */
  async rssMb(): Promise<number> {
    return this.statusMib('VmRSS');
  }

  /**
   * The resident memory after the app has stood BENCH_IDLE_SECONDS (default 15) since it answered
   * its first request, with nothing asked of it meanwhile: call it right after start(), before any
   * load. The wait lets the start's background work end and V8's memory reducer give back what
   * loading left behind: it runs once allocation has calmed, 10–16 s after start in the runs traced,
   * so a reading at 10 s catches it in some runs and not in others.
   */
  async idleRssMb(): Promise<number> {
    const remainingMs = IDLE_SECONDS * 1000 - (performance.now() - this.healthyAt);
    if (remainingMs > 0) await new Promise((resolve) => setTimeout(resolve, remainingMs));
    return this.rssMb();
  }

  /** The highest resident memory the process has had since it started (VmHWM), in MiB: no peak is missed between samples. */
  peakRssMb(): number {
    return this.statusMib('VmHWM');
  }

  private statusMib(field: 'VmRSS' | 'VmHWM'): number {
    const status = readFileSync(`/proc/${this.child!.pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** What the server wrote besides its start line and info-or-below pino lines: warnings, errors, crashes. */
  problems(): string[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, 'utf8').split('\n').filter(isProblem);
  }
}

/**
 * BENCH_CPU_PROF=<dir>: each app (and the writes bench's ceiling) writes a V8 CPU profile there when
 * it stops (open it in Chrome's DevTools, Performance tab). Node refuses --cpu-prof in NODE_OPTIONS,
 * hence an argument.
 */
export function profilerArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Expected here: the benchmarks drive the API only, so the web app need not be built. */
const EXPECTED_WARNINGS = ['no built web app found; serving the API only'];

function isProblem(line: string): boolean {
  if (line.trim() === '' || line.startsWith('TeamBoard is running at')) return false;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    return (entry.level ?? 0) >= 40 && !EXPECTED_WARNINGS.includes(entry.msg ?? '');
  } catch {
    return true;
  }
}
