import { describe, expect, it } from 'vitest';
import { byteSize, localizedParams } from './app-error.js';

describe('localizedParams', () => {
  it("writes a size in the reader's language and leaves other params as they are", () => {
    const params = { max: byteSize(1.5 * 1024 * 1024), line: 3, name: 'notes.pdf' };
    expect(localizedParams('en', params)).toEqual({ max: '1.5 MB', line: 3, name: 'notes.pdf' });
    expect(localizedParams('es', params)).toEqual({ max: '1,5 MB', line: 3, name: 'notes.pdf' });
  });
});
