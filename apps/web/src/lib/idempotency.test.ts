import { describe, expect, it } from 'vitest';
import { answered, idempotencyHeader } from './idempotency';

const keyOf = (headers: Record<string, string>) => headers['idempotency-key'];

describe('idempotency keys of creates', () => {
  it('sends a retry of an unanswered create with the same key, and a new submission with a new one', () => {
    const first = keyOf(idempotencyHeader('/columns/1/tasks', { title: 'Demo' }));
    const retry = keyOf(idempotencyHeader('/columns/1/tasks', { title: 'Demo' }));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(keyOf(idempotencyHeader('/columns/1/tasks', { title: 'Other' }))).not.toBe(first);
  });

  it('starts a new submission once the earlier one was answered', () => {
    const first = keyOf(idempotencyHeader('/columns/2/tasks', { title: 'Demo' }));
    answered('/columns/2/tasks', { title: 'Demo' });
    expect(keyOf(idempotencyHeader('/columns/2/tasks', { title: 'Demo' }))).not.toBe(first);
  });

  it('forgets an unanswered create after ten minutes', () => {
    const first = keyOf(idempotencyHeader('/columns/3/tasks', { title: 'Demo' }, 0));
    expect(keyOf(idempotencyHeader('/columns/3/tasks', { title: 'Demo' }, 11 * 60_000))).not.toBe(first);
  });

  it('does not key uploads', () => {
    expect(idempotencyHeader('/tasks/1/attachments', new FormData())).toEqual({});
  });
});
