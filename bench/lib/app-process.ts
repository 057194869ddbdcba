import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The built app (what `npm start` runs) on its own port and data folder, for benchmarks. */
export class BenchApp {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'teamboard-bench-'));
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {}

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
    this.child = spawn(process.execPath, ['apps/server/dist/main.js'], { env: this.env, stdio: 'ignore' });
    for (;;) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      if (performance.now() - startedAt > 30_000) throw new Error('the app did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Resident memory of the server process, in MB (Linux /proc). */
  async rssMb(): Promise<number> {
    const { readFileSync } = await import('node:fs');
    const status = readFileSync(`/proc/${this.child!.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
