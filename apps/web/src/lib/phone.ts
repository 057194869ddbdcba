import { useMediaQuery } from '@mantine/hooks';

/**
 * The one phone breakpoint (docs/responsive-layout.md): below Mantine's `xs` (36em, 576 px) a screen
 * is laid out for a phone. `hiddenFrom={PHONE_BREAKPOINT}` shows a part on phones only,
 * `visibleFrom={PHONE_BREAKPOINT}` hides it there; `useIsPhone()` is for what CSS cannot switch.
 */
export const PHONE_BREAKPOINT = 'xs';

/** The same width as a media query; Mantine's `xs` is 36em. */
export const PHONE_QUERY = '(max-width: 35.99em)';

/** Whether the window is phone-wide; false before the first measure, as the desktop layout. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
