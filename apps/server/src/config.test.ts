import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(os.tmpdir(), 'teamboard-config-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it('works with no variables at all (zero-config start)', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(cwd, 'data'),
      database: { dialect: 'sqlite', file: path.join(cwd, 'data', 'teamboard.sqlite') },
      smtpUrl: null,
      outboxDir: path.join(cwd, 'data', 'outbox'),
      appUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('generates SECRET_KEY once, keeps it in DATA_DIR/secret.key with mode 0600', () => {
    const first = loadConfig({}, cwd).secretKey;
    const file = path.join(cwd, 'data', 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadConfig({}, cwd).secretKey).toBe(first);
    expect(first).toHaveLength(64);
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/teamboard' }, cwd).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://db/teamboard',
    });
  });

  it('defaults APP_URL to the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }, cwd).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://board.example.edu/' }, cwd).appUrl).toBe(
      'https://board.example.edu',
    );
  });

  it.each([
    [{ SECRET_KEY: 'k'.repeat(40) }, 'APP_URL'],
    [{ APP_URL: 'https://board.example.edu' }, 'SECRET_KEY'],
  ])('refuses production without %s naming the missing variable', (env, missing) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...env }, cwd)).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ...env }, cwd)).toThrow(
      new RegExp(`^${missing} must be set`),
    );
  });

  it('starts in production when both are set', () => {
    const config = loadConfig(
      { NODE_ENV: 'production', APP_URL: 'https://board.example.edu', SECRET_KEY: 'k'.repeat(40) },
      cwd,
    );
    expect(config.secretKey).toBe('k'.repeat(40));
  });

  it('names an invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc' }, cwd)).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, cwd)).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SECRET_KEY: 'short' }, cwd)).toThrow(/SECRET_KEY/);
  });
});
