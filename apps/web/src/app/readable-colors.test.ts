import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableLightVariantText } from './readable-colors';

const ratio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('the light variant text', () => {
  it('reads at WCAG AA on its own background and hover shade, for every palette color', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = readableLightVariantText[`--mantine-color-${name}-light-color`]!;
      expect(ratio(text, shades[1]), name).toBeGreaterThanOrEqual(4.5);
      expect(ratio(text, shades[2]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps shade 9 where it already reads, as dark gray does', () => {
    expect(readableLightVariantText['--mantine-color-dark-light-color']).toBe(DEFAULT_THEME.colors.dark[9]);
  });
});
