import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { readableLightVariantText } from './readable-colors';

/**
 * Icon buttons are never under 24 px and wide tables are reachable by keyboard (WCAG 2.2 AA).
 * Shade 8 of blue keeps white button text and links above the WCAG AA contrast ratio. Every modal
 * and drawer close button gets a name in the reader's language (`closeLabel`), so no dialog can
 * ship an unnamed button. Plain objects rather than `Modal.extend()`: importing Modal and Drawer here
 * would put them in the code of every screen, the login screen included.
 */
/** Mantine's xs and sm icon buttons (18 and 22 px) are under WCAG 2.2's 24 px minimum target size. */
const SMALL_SIZES = new Set(['xs', 'sm']);
const MIN_TARGET = '24px';
const targetVar = (name: string) => (_theme: unknown, props: { size?: unknown }) => ({
  root: { [name]: typeof props.size === 'string' && SMALL_SIZES.has(props.size) ? MIN_TARGET : undefined },
});

export function createAppTheme(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 6 },
    defaultRadius: 'md',
    components: {
      ActionIcon: { vars: targetVar('--ai-size') },
      CloseButton: { vars: targetVar('--cb-size') },
      // A table wider than the screen scrolls inside its box: keyboard users reach it with Tab and
      // scroll it with the arrow keys (WCAG 2.1.1).
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      // A button keeps its label whole: in a crowded row it wraps or scrolls with the row, never
      // shrinks to "Nuevo tab" (its label hides what overflows).
      Button: { styles: { root: { flexShrink: 0 } } },
    },
  });
}

/**
 * Dimmed and error texts one step darker than Mantine's defaults, for AA contrast on white, links
 * too on the tinted background of an alert; the light variant's text darkened where shade 9 is too
 * pale (readable-colors.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...readableLightVariantText,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
