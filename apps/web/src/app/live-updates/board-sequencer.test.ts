import type { BoardDetail, BoardEvent } from '@teamboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeBoardDetail, makeBoardEvent, makeTask } from '../../test/fixtures';
import { BoardSequencer, type Timer } from './board-sequencer';

/** A timer the test fires by hand. */
class ManualTimer implements Timer {
  readonly waiting = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;

  set(callback: () => void, ms: number): number {
    const handle = this.next++;
    this.waiting.set(handle, { callback, ms });
    return handle;
  }

  clear(handle: unknown): void {
    this.waiting.delete(handle as number);
  }

  fireAll(): void {
    const due = [...this.waiting.values()];
    this.waiting.clear();
    due.forEach(({ callback }) => callback());
  }
}

const MY_SOCKET = 'my-socket';

/** A sequencer over a plain variable as the cache; `server` is what a refetch loads. */
function setup(initial: BoardDetail | undefined, server: BoardDetail = makeBoardDetail()) {
  const state = { cached: initial, server };
  const timer = new ManualTimer();
  const applied: BoardEvent[] = [];
  const refetch = vi.fn(async () => {
    state.cached = state.server;
  });
  const sequencer = new BoardSequencer({
    boardId: 1,
    read: () => state.cached,
    write: (board) => {
      state.cached = board;
    },
    refetch,
    isOwnEcho: (event) => event.origin === MY_SOCKET,
    onApplied: (event) => applied.push(event),
    timer,
  });
  return { sequencer, state, timer, refetch, applied };
}

const created = (seq: number, id: number, title: string, origin = 'socket-of-luis') =>
  makeBoardEvent('task.created', { task: makeTask({ id, title }) }, { seq, origin });
const renamed = (seq: number, id: number, title: string) =>
  makeBoardEvent('task.updated', { task: makeTask({ id, title }) }, { seq });
const titles = (board: BoardDetail | undefined) => board?.tasks.map((task) => task.title);

describe('BoardSequencer', () => {
  it('applies consecutive events in order and advances the version', () => {
    const { sequencer, state, refetch } = setup(makeBoardDetail({ tasks: [] }));
    sequencer.receive(created(2, 8, 'Draft'));
    sequencer.receive(renamed(3, 8, 'Final'));
    expect(state.cached?.version).toBe(3);
    expect(titles(state.cached)).toEqual(['Final']);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('ignores events the cached copy already includes', () => {
    const { sequencer, state } = setup(makeBoardDetail({ version: 5, tasks: [] }));
    sequencer.receive(created(4, 8, 'Old'));
    sequencer.receive(created(5, 9, 'Also old'));
    expect(state.cached?.tasks).toEqual([]);
    expect(state.cached?.version).toBe(5);
  });

  it('skips the echo of its own socket but still advances the version', () => {
    const { sequencer, state, timer, applied } = setup(makeBoardDetail({ tasks: [] }));
    sequencer.receive(created(2, 8, 'Mine', MY_SOCKET));
    expect(state.cached?.tasks).toEqual([]);
    expect(state.cached?.version).toBe(2);
    sequencer.receive(created(3, 9, 'From Luis'));
    expect(titles(state.cached)).toEqual(['From Luis']);
    expect(state.cached?.version).toBe(3);
    expect(applied.map((event) => event.seq)).toEqual([3]);
    expect(timer.waiting.size).toBe(0);
  });

  it('waits for a gap to fill, then applies in order without refetching', () => {
    const { sequencer, state, timer, refetch } = setup(makeBoardDetail({ tasks: [] }));
    sequencer.receive(renamed(3, 8, 'Final'));
    expect(state.cached?.version).toBe(1);
    expect(state.cached?.tasks).toEqual([]);
    expect([...timer.waiting.values()].map((entry) => entry.ms)).toEqual([1000]);

    sequencer.receive(created(2, 8, 'Draft'));
    expect(state.cached?.version).toBe(3);
    expect(titles(state.cached)).toEqual(['Final']);
    expect(timer.waiting.size).toBe(0);
    timer.fireAll();
    expect(refetch).not.toHaveBeenCalled();
  });

  it('refetches when the gap is not filled in time, then keeps the newer events', async () => {
    const server = makeBoardDetail({ version: 3, tasks: [makeTask({ id: 8, title: 'From server' })] });
    const { sequencer, state, timer, refetch } = setup(makeBoardDetail({ tasks: [] }), server);
    sequencer.receive(renamed(3, 8, 'Stale'));
    sequencer.receive(renamed(4, 8, 'Newest'));
    expect(refetch).not.toHaveBeenCalled();
    timer.fireAll();
    expect(refetch).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(state.cached?.version).toBe(4));
    expect(titles(state.cached)).toEqual(['Newest']);
    expect(timer.waiting.size).toBe(0);
  });

  it('buffers events until the board is cached, then applies those newer than it', () => {
    const { sequencer, state } = setup(undefined);
    sequencer.receive(created(5, 8, 'Already in the fetch'));
    sequencer.receive(created(6, 9, 'After the fetch'));
    sequencer.receive(renamed(7, 9, 'After the fetch, renamed'));
    expect(state.cached).toBeUndefined();

    state.cached = makeBoardDetail({ version: 5, tasks: [] });
    sequencer.flush();
    expect(state.cached.version).toBe(7);
    expect(titles(state.cached)).toEqual(['After the fetch, renamed']);
  });

  it('refetches when the join answers a newer version than the cached copy', () => {
    const { sequencer, refetch } = setup(makeBoardDetail({ version: 3 }));
    sequencer.joined(3);
    expect(refetch).not.toHaveBeenCalled();
    sequencer.joined(5);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('reapplies recent events, its own included, when the cache goes back to an older copy', () => {
    const older = makeBoardDetail({ tasks: [] });
    const { sequencer, state } = setup(older);
    sequencer.receive(created(2, 8, 'Mine', MY_SOCKET));
    sequencer.receive(created(3, 9, 'From Luis'));
    state.cached = older;
    sequencer.flush();
    expect(state.cached.version).toBe(3);
    expect(titles(state.cached)).toEqual(['Mine', 'From Luis']);
  });

  it('reports a board deleted by someone else at once, even past a gap, and stops', () => {
    const { sequencer, state, applied, timer } = setup(makeBoardDetail());
    sequencer.receive(makeBoardEvent('board.deleted', {}, { seq: 9 }));
    expect(applied.map((event) => event.type)).toEqual(['board.deleted']);
    expect(timer.waiting.size).toBe(0);
    sequencer.receive(created(2, 8, 'Too late'));
    expect(state.cached?.version).toBe(1);
  });

  it('ignores events of another board', () => {
    const { sequencer, state } = setup(makeBoardDetail({ tasks: [] }));
    sequencer.receive(makeBoardEvent('task.created', { task: makeTask() }, { board_id: 2 }));
    expect(state.cached?.tasks).toEqual([]);
  });
});
