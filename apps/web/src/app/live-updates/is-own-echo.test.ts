import { describe, expect, it } from 'vitest';
import { makeBoardEvent } from '../../test/fixtures';
import { isOwnEcho } from './is-own-echo';

const me = { userId: 1, isOwnSocket: (id: string) => id === 'my-socket' || id === 'my-old-socket' };
const event = (origin: string | null, actor_id: number) =>
  makeBoardEvent('column.deleted', { column_id: 10 }, { origin, actor_id });

describe('isOwnEcho', () => {
  it('is mine when it names one of my sockets, old or current', () => {
    expect(isOwnEcho(event('my-socket', 1), me)).toBe(true);
    expect(isOwnEcho(event('my-old-socket', 1), me)).toBe(true);
  });

  it('is not mine when another tab of mine caused it', () => {
    expect(isOwnEcho(event('my-other-tab', 1), me)).toBe(false);
  });

  it('without an origin, is mine when I am the actor', () => {
    expect(isOwnEcho(event(null, 1), me)).toBe(true);
    expect(isOwnEcho(event(null, 2), me)).toBe(false);
    expect(isOwnEcho(event(null, 1), { ...me, userId: null })).toBe(false);
  });
});
