import { darken, DEFAULT_THEME, luminance } from '@mantine/core';

/** WCAG AA for normal-size text, with a little margin for anti-aliasing. */
const AA_TEXT = 4.6;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The palette's shade 9, darkened in small steps until it reads at AA on `background`. */
function readableOn(background: string, shade9: string): string {
  let color = shade9;
  for (let step = 1; contrast(color, background) < AA_TEXT && step <= 10; step += 1)
    color = darken(shade9, step * 0.05);
  return color;
}

/**
 * Text of the "light" variant (badges, avatars' initials, active nav links) is shade 9 on shade 1 in
 * Mantine's light scheme, which is below AA for orange, yellow, lime, teal, cyan, grape, pink, green
 * and blue. Each color's light text becomes the nearest darker tone that reads at AA on shade 2 (the
 * hover background, the darker of the two).
 */
export const readableLightVariantText: Record<string, string> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
    `--mantine-color-${name}-light-color`,
    readableOn(shades[2], shades[9]),
  ]),
);
