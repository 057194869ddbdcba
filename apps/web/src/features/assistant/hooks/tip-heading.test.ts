import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import type { Tip } from './chat-turns';
import { tipHeading } from './tip-heading';

const tip = (fields: Partial<Tip>): Tip => ({
  slot: 'tip1',
  engine: 1,
  text: '',
  sources: [],
  artifact: null,
  previewUrl: null,
  messageId: null,
  isDone: false,
  ...fields,
});
const code = { kind: 'code' as const, html: '<form></form>', css: '', js: '' };
const en = i18n.getFixedT('en', 'assistant');
const es = i18n.getFixedT('es', 'assistant');

describe('what a tip card is called', () => {
  it('names a standard answer as a numbered tip by its writer', () => {
    expect(tipHeading(tip({ slot: 'tip2' }), 'standard', 'Tip base', en)).toBe('Tip 2 · Tip base');
    expect(tipHeading(tip({ slot: 'tip3' }), 'standard', 'Base de consejos', es)).toBe(
      'Consejo 3 · Base de consejos',
    );
  });

  it('names code the offline reader made as generated code from the image, not a tip of the tip base', () => {
    const answer = tip({ artifact: code, isDone: true });
    expect(tipHeading(answer, 'image_code', 'Tip base', en)).toBe('Generated code · from your image');
    expect(tipHeading(answer, 'image_code', 'Base de consejos', es)).toBe(
      'Código generado · a partir de tu imagen',
    );
  });

  it('names stories a vision model wrote after the model, and a failed image answer after the mode only', () => {
    const stories = { kind: 'stories' as const, stories: [] };
    expect(tipHeading(tip({ engine: 3, artifact: stories }), 'image_stories', 'gpt-4o', es)).toBe(
      'Historias de usuario · gpt-4o',
    );
    expect(tipHeading(tip({ isDone: true, text: 'Try again' }), 'image_code', 'Tip base', en)).toBe(
      'Generated code',
    );
  });
});
