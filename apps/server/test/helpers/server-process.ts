import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TokenHeaders } from './factories.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 30_000;

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The real server (src/main.ts through tsx) in its own process, as `npm start` runs it. */
export class ServerProcess {
  private output = '';

  private constructor(
    readonly baseUrl: string,
    private readonly child: ChildProcess,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /**
   * Starts a server on a fresh temporary data dir (removed by stop()), or on `options.dataDir`
   * (kept: a restart after kill() finds the same database and files).
   */
  static async start(
    env: Record<string, string>,
    options: { dataDir?: string } = {},
  ): Promise<ServerProcess> {
    const port = await freePort();
    const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'teamboard-instance-'));
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance = new ServerProcess(baseUrl, child, dataDir, !options.dataDir);
    await instance.waitUntilHealthy();
    return instance;
  }

  private async waitUntilHealthy(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not start in time: ${this.output}`);
  }

  /** A JSON call with the given token headers (and extra headers such as the socket id). */
  async call(
    headers: TokenHeaders | Record<string, string>,
    method: string,
    url: string,
    body?: object,
  ): Promise<{
    status: number;
    json: { data?: Record<string, unknown> } & Record<string, unknown>;
    etag: string | null;
  }> {
    const response = await fetch(this.baseUrl + url, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text ? JSON.parse(text) : {},
      etag: response.headers.get('etag'),
    };
  }

  async signIn(email: string, password: string): Promise<TokenHeaders> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const header = (name: string) => response.headers.get(name) ?? '';
    return {
      'access-token': header('access-token'),
      client: header('client'),
      uid: header('uid'),
      expiry: header('expiry'),
    };
  }

  /** The process's exit code once it has exited (null while it runs or when a signal ended it). */
  get exitCode(): number | null {
    return this.child.exitCode;
  }

  /** Ends the process with `signal` (SIGKILL: no shutdown code runs) and waits for its exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }

  /** Graceful stop (SIGTERM); removes the data dir when start() created it. */
  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
