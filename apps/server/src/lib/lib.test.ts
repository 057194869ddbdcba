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
  it('allows `limit` hits per fixed window', () => {
    const clock = new ManualClock();
    const throttle = new MemoryThrottle(clock);
    expect([1, 2, 3].map(() => throttle.hit('k', 2, 1000))).toEqual([true, true, false]);
    expect(throttle.isExhausted('k', 2)).toBe(true);
    clock.advance(1000);
    expect(throttle.isExhausted('k', 2)).toBe(false);
    expect(throttle.hit('k', 2, 1000)).toBe(true);
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
