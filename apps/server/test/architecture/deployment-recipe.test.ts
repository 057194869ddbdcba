import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { builtinModules } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariableNames } from '../../src/config.js';
import {
  REPOSITORY_ROOT,
  assembleRuntimeFolder,
  bundleImports,
  dockerfileStages,
  serverProductionPackages,
  stageCopies,
  type Copy,
  type Stage,
} from '../helpers/deployment-recipe.js';
import { adminQuery, POSTGRES_URL, TEST_DIALECT } from '../helpers/database.js';
import { startS3Server } from '../helpers/s3-server.js';
import { freePort } from '../helpers/server-process.js';

/**
 * The deployment recipe (Dockerfile, compose.yaml, deploy/nginx.conf; docs/deploying.md) cannot be
 * built here (no Docker engine), so its claims are checked against the code: the image's runtime stage
 * copies what `node apps/server/dist/main.js` needs — a folder assembled from exactly those paths
 * starts and serves the API and the web app —, and compose passes only variables the server reads.
 */
const read = (file: string) => readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8');
const SERVER_DIST = path.join(REPOSITORY_ROOT, 'apps/server/dist');

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}

describe('Dockerfile', () => {
  const { args, stages } = dockerfileStages(read('Dockerfile'));
  const runtime = stages.at(-1) as Stage;
  const runtimeCopies = stageCopies(runtime);

  it('builds in stages and runs the built app only, as a user other than root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtimeCopies.length).toBeGreaterThan(0);
    // Nothing from the build context: sources, tests and secrets stay out of the final image.
    for (const copy of runtimeCopies) expect(copy.from, copy.source).not.toBeNull();
    const copied = runtimeCopies.map((copy) => copy.source);
    expect(copied.some((source) => /\/src(\/|$)|^\/app\/?$|\/packages(\/|$)/.test(source))).toBe(false);
    const users = runtime.instructions.filter((instruction) => instruction.keyword === 'USER');
    expect(users.at(-1)?.args).toMatch(/^(?!root\b|0\b)\S+$/);
    const cmd = runtime.instructions.filter((instruction) => instruction.keyword === 'CMD').at(-1);
    expect(JSON.parse(cmd?.args ?? '[]')).toEqual(['node', 'apps/server/dist/main.js']);
  });

  it("runs a Node whose major version the app's engines accept", () => {
    const image = runtime.image.replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? '');
    const major = /^node:(\d+)[.-]/.exec(image)?.[1];
    expect(major, image).toBeDefined();
    const engines = JSON.parse(read('package.json')).engines.node as string;
    expect(acceptsMajor(engines, Number(major)), engines).toBe(true);
  });

  it('health-checks the readiness route compose and the proxy use', () => {
    const healthcheck = runtime.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('/api/health/ready');
  });

  it('leaves dependencies, data, git history and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['node_modules', '**/node_modules', 'data', '.git', '.env', '**/dist']) {
      expect(ignored, entry).toContain(entry);
    }
  });

  it('installs every package the server needs in the one node_modules the runtime stage copies', () => {
    // npm ci puts a package under apps/server/node_modules when two versions clash; the image would
    // then miss it, since only /app/node_modules is copied.
    const outside = serverProductionPackages().filter(
      (pkg) => !pkg.dir.startsWith(path.join(REPOSITORY_ROOT, 'node_modules') + path.sep),
    );
    expect(outside.map((pkg) => pkg.dir)).toEqual([]);
  });

  describe('the runtime folder, assembled from the COPY lines after `npm run build`', () => {
    let folder: string;

    beforeAll(() => {
      if (!existsSync(path.join(SERVER_DIST, 'main.js'))) {
        throw new Error('the deployment recipe test runs the built app: run `npm run build` first');
      }
      folder = mkdtempSync(path.join(os.tmpdir(), 'teamboard-image-'));
      assembleRuntimeFolder(
        runtimeCopies.filter((copy: Copy) => copy.from !== null),
        path.join(folder, 'app'),
      );
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('holds every package the bundle imports, each a production dependency of the server', () => {
      const files = readdirSync(SERVER_DIST).filter((file) => file.endsWith('.js'));
      const imported = [...bundleImports(SERVER_DIST, files)].filter(
        (name) => !name.startsWith('node:') && !builtinModules.includes(name),
      );
      expect(imported.length).toBeGreaterThan(10);
      const dependencies = Object.keys(JSON.parse(read('apps/server/package.json')).dependencies);
      for (const name of imported) {
        expect(dependencies, `${name} is imported by the bundle`).toContain(name);
        expect(existsSync(path.join(folder, 'app/node_modules', name, 'package.json')), name).toBe(true);
      }
    });

    it('starts in production mode beside its services and serves the API and the web app', async () => {
      const services = await startServices();
      const port = await freePort();
      const child = spawn(
        process.execPath,
        ['--preserve-symlinks', '--preserve-symlinks-main', 'apps/server/dist/main.js'],
        {
          cwd: path.join(folder, 'app'),
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: path.join(folder, 'data'),
            APP_URL: `http://127.0.0.1:${port}`,
            SECRET_KEY: 'deployment-recipe-test-secret-key-0123456789',
            LOG_LEVEL: 'warn',
            ...services.env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitForHealth(
          base,
          () => child.exitCode,
          () => output,
        );
        // What the image's HEALTHCHECK and compose ask: each configured dependency answers.
        const ready = await fetch(`${base}/api/health/ready`);
        expect(ready.status, output).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ok', checks: services.expectedChecks });
        const page = await fetch(`${base}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        await services.stop();
      }
    }, 60_000);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const { services } = compose;
  const appNames = Object.keys(services).filter((name) => services[name]?.build !== undefined);

  it('runs two app instances beside PostgreSQL, Redis, MinIO with its bucket, and a proxy', () => {
    expect(appNames).toEqual(['app1', 'app2']);
    for (const name of ['postgres', 'redis', 'minio', 'create-bucket', 'proxy']) {
      expect(Object.keys(services), name).toContain(name);
    }
  });

  it('gives each app only variables the server reads, and the ones a shared deployment needs', () => {
    const known = configVariableNames();
    const needed = [
      'DATABASE_URL',
      'REDIS_URL',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'APP_URL',
      'SECRET_KEY',
      'TRUST_PROXY',
      'SMTP_URL',
      'METRICS_TOKEN',
    ];
    for (const name of appNames) {
      const environment = Object.keys(services[name]?.environment ?? {});
      for (const variable of environment) expect(known, `${name}: ${variable}`).toContain(variable);
      for (const variable of needed) expect(environment, `${name}: ${variable}`).toContain(variable);
    }
  });

  it('starts the apps once their dependencies are healthy and checks their readiness', () => {
    for (const name of appNames) {
      const service = services[name] as ComposeService;
      expect(service.healthcheck?.test.join(' ')).toContain('/api/health/ready');
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        'create-bucket': { condition: 'service_completed_successfully' },
      });
    }
    for (const name of ['postgres', 'redis', 'minio', 'proxy']) {
      expect(services[name]?.healthcheck, name).toBeDefined();
    }
  });

  it('takes every setting from .env, whose example leaves each secret empty so compose refuses to start', () => {
    const example = new Map(
      read('.env.example')
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const interpolated = [...read('compose.yaml').matchAll(/\$\{(\w+)(:\?)?/g)];
    expect(interpolated.length).toBeGreaterThan(5);
    for (const [, name = '', required] of interpolated) {
      expect([...example.keys()], name).toContain(name);
      if (required && /SECRET|PASSWORD/.test(name)) expect(example.get(name), name).toBe('');
    }
  });

  it('trusts forwarded addresses from the proxy alone', () => {
    const proxyNetworks = services.proxy?.networks as Record<string, { ipv4_address?: string }>;
    const proxyAddress = Object.values(proxyNetworks)[0]?.ipv4_address;
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const name of appNames) expect(services[name]?.environment?.TRUST_PROXY).toBe(proxyAddress);
  });

  it('is a health route the server registers', () => {
    const routes = read('apps/server/src/features/health/health.routes.ts');
    expect(routes).toContain("'/api/health/ready'");
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');

  it('balances over both instances and passes WebSocket upgrades', () => {
    expect(conf).toMatch(/server app1:3000\b/);
    expect(conf).toMatch(/server app2:3000\b/);
    expect(conf).toMatch(/proxy_http_version 1\.1;/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  });

  it('needs no stickiness because the web app opens Socket.IO over WebSocket only', () => {
    expect(conf).not.toMatch(/\bip_hash\b|\bsticky\b/);
    const client = read('apps/web/src/lib/socket.ts');
    expect(client).toMatch(/transports:\s*\[\s*'websocket'\s*\]/);
  });
});

/** Whether `^M.m.p` or `>=M.m.p` alternatives of an engines range take in some release of `major`. */
function acceptsMajor(range: string, major: number): boolean {
  return range.split('||').some((alternative) => {
    const [, operator, lowest] = /^\s*(\^|>=)(\d+)\.\d+\.\d+\s*$/.exec(alternative) ?? [];
    if (lowest === undefined) throw new Error(`unexpected engines alternative: ${alternative}`);
    return operator === '^' ? Number(lowest) === major : major >= Number(lowest);
  });
}

/**
 * The services compose gives the app: always an S3 store (s3rver, as MinIO would be); with
 * TEST_DB=postgres also a fresh PostgreSQL database and Redis, which load `pg` and `ioredis` from the
 * production-only node_modules. The SQLite run keeps the embedded database and no Redis.
 */
async function startServices(): Promise<{
  env: Record<string, string>;
  expectedChecks: { database: string; redis: string; storage: string };
  stop(): Promise<void>;
}> {
  const s3 = await startS3Server(['teamboard']);
  const env = s3.env('teamboard', { S3_PRESIGNED_DOWNLOADS: '0' });
  if (TEST_DIALECT !== 'postgres') {
    return {
      env,
      expectedChecks: { database: 'ok', redis: 'not_configured', storage: 'ok' },
      stop: () => s3.close(),
    };
  }
  const databaseName = `teamboard_recipe_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${databaseName}`);
  return {
    env: {
      ...env,
      DATABASE_URL: POSTGRES_URL.replace(/\/[^/]*$/, `/${databaseName}`),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_CHANNEL_PREFIX: databaseName,
    },
    expectedChecks: { database: 'ok', redis: 'ok', storage: 'ok' },
    async stop() {
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
      await s3.close();
    },
  };
}

async function waitForHealth(
  base: string,
  exitCode: () => number | null,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`the server exited: ${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /api/health in 30 s: ${output()}`);
}
