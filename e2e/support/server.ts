import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts a second copy of the app with the real start entry (what `npm start` runs), so a test
 * can stop and restart a server without touching the one the other tests use.
 */
export class AppProcess {
  private child: ChildProcess | undefined;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'teamboard-e2e-own-'));

  /** `env`: extra environment for this copy (e.g. an OpenID Connect provider's settings). */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        APP_URL: this.url,
        ...this.env,
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the app did not start on ${this.url}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
