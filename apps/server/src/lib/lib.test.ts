import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageFromAcceptHeader } from '../plugins/language.js';
import { ManualClock } from './clock.js';
import { isValidStorageKey, LocalDiskStorage } from './storage.js';
import { MemoryThrottle } from './throttle.js';
import { hashToken, randomToken, tokenMatches } from './tokens.js';

describe('tokens', () => {
  it('are random base64url and match only their own HMAC', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = hashToken('secret-a', token);
    expect(stored).not.toContain(token);
    expect(tokenMatches('secret-a', token, stored)).toBe(true);
    expect(tokenMatches('secret-b', token, stored)).toBe(false);
    expect(tokenMatches('secret-a', randomToken(), stored)).toBe(false);
  });
});

describe('MemoryThrottle', () => {
  it('allows `limit` hits per fixed window', async () => {
    const clock = new ManualClock();
    const throttle = new MemoryThrottle(clock);
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await throttle.hit('k', 2, 1000));
    expect(hits).toEqual([true, true, false]);
    expect(await throttle.isExhausted('k', 2)).toBe(true);
    clock.advance(1000);
    expect(await throttle.isExhausted('k', 2)).toBe(false);
    expect(await throttle.hit('k', 2, 1000)).toBe(true);
  });

  it('counts against several limits together, or against none when one is used up', async () => {
    const throttle = new MemoryThrottle(new ManualClock());
    const both = [
      { key: 'a', limit: 1, windowMs: 1000 },
      { key: 'b', limit: 2, windowMs: 1000 },
    ];
    expect(await throttle.hitAll(both)).toBe(true);
    expect(await throttle.hitAll(both)).toBe(false);
    expect([await throttle.count('a'), await throttle.count('b')]).toEqual([1, 1]);
  });
});

describe('LocalDiskStorage', () => {
  it('stores, reads and deletes; refuses keys that could leave its folder', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'teamboard-storage-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('avatars/a.webp', Buffer.from('x'));
    expect((await storage.get('avatars/a.webp'))?.toString()).toBe('x');
    await storage.delete('avatars/a.webp');
    expect(await storage.get('avatars/a.webp')).toBeNull();
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', ''])
      expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.get('../secret.key')).rejects.toThrow(/Invalid storage key/);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('languageFromAcceptHeader', () => {
  it.each([
    ['es-ES,es;q=0.9', 'es'],
    ['fr-FR,es;q=0.5,en;q=0.8', 'en'],
    ['fr', undefined],
    ['en;q=0,es', 'es'],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptHeader(header)).toBe(expected);
  });
});
