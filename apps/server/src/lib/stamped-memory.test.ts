import { describe, expect, it } from 'vitest';
import { ChangeStamps } from './change-stamps.js';
import { StampedMemory } from './stamped-memory.js';

interface Row {
  id: number;
  version: number;
}

const stamps = new ChangeStamps();
let nextId = 9_000_000;

async function remembered(memory: StampedMemory<number, Row>, version: number): Promise<number> {
  const id = nextId++;
  await memory.read(
    id,
    async () => ({ id, version }),
    (row) => row.id,
  );
  return id;
}

describe('StampedMemory.changedHere', () => {
  const nextVersion = (row: Row) => ({ ...row, version: row.version + 1 });

  it('keeps a current entry as `next` makes it, and tells the other instances', async () => {
    const memory = new StampedMemory<number, Row>(stamps, 'board');
    const id = await remembered(memory, 4);
    const heard: number[] = [];
    const stop = stamps.addRelay((kind, bumped) => kind === 'board' && heard.push(bumped));
    try {
      memory.changedHere(id, id, nextVersion);
    } finally {
      stop();
    }
    expect(memory.get(id)).toEqual({ id, version: 5 });
    expect(heard).toEqual([id]);
  });

  it('drops the entry when `next` cannot tell the new value', async () => {
    const memory = new StampedMemory<number, Row>(stamps, 'board');
    const id = await remembered(memory, 4);
    memory.changedHere(id, id, () => undefined);
    expect(memory.get(id)).toBeUndefined();
  });

  it('never carries an entry that was already stale (a change heard from another instance)', async () => {
    const memory = new StampedMemory<number, Row>(stamps, 'board');
    const id = await remembered(memory, 4);
    stamps.bumpHere('board', id);
    memory.changedHere(id, id, nextVersion);
    expect(memory.get(id)).toBeUndefined();
  });
});
