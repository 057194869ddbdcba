import { describe, expect, it } from 'vitest';
import { canSend, imageFormatOf, imageRefusal, type Draft } from './send-rules';

const image: Draft['image'] = { base64: 'data:image/png;base64,AAAA', extension: 'png' };

describe('canSend (SPEC §5)', () => {
  it('sends text on the standard tab, never an empty or blank message', () => {
    expect(canSend('standard', { prompt: 'How do we estimate?', image: null }, false)).toBe(true);
    expect(canSend('standard', { prompt: '', image: null }, false)).toBe(false);
    expect(canSend('standard', { prompt: '  \n ', image: null }, false)).toBe(false);
    // The standard tab sends text: an image alone is not a question there.
    expect(canSend('standard', { prompt: '', image }, false)).toBe(false);
  });

  it('needs an image on the image tabs, text or not', () => {
    for (const kind of ['image_code', 'image_stories'] as const) {
      expect(canSend(kind, { prompt: 'A login page', image: null }, false)).toBe(false);
      expect(canSend(kind, { prompt: '', image }, false)).toBe(true);
    }
  });

  it('waits while any tip of the last answer is still missing', () => {
    expect(canSend('standard', { prompt: 'Next?', image: null }, true)).toBe(false);
    expect(canSend('image_code', { prompt: '', image }, true)).toBe(false);
  });

  it('refuses a message over the length limit', () => {
    expect(canSend('standard', { prompt: 'a'.repeat(4001), image: null }, false)).toBe(false);
  });
});

describe('imageFormatOf and imageRefusal', () => {
  it('accepts jpeg, png, gif and webp, by type or else by name', () => {
    expect(imageFormatOf({ name: 'a.jpg', type: 'image/jpeg' })).toBe('jpeg');
    expect(imageFormatOf({ name: 'a', type: 'image/webp' })).toBe('webp');
    expect(imageFormatOf({ name: 'board.GIF', type: '' })).toBe('gif');
    expect(imageFormatOf({ name: 'shot.jpeg', type: '' })).toBe('jpeg');
  });

  it('refuses anything else, whatever its name claims', () => {
    expect(imageFormatOf({ name: 'a.svg', type: 'image/svg+xml' })).toBeNull();
    expect(imageFormatOf({ name: 'a.png', type: 'application/pdf' })).toBeNull();
    expect(imageFormatOf({ name: 'notes.bmp', type: '' })).toBeNull();
    expect(imageRefusal({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      'IMAGE_FORMAT_NOT_ALLOWED',
    );
  });

  it('refuses an image over 6 MB', () => {
    expect(imageRefusal({ name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 })).toBeNull();
    expect(imageRefusal({ name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 + 1 })).toBe(
      'FILE_TOO_LARGE',
    );
  });
});
