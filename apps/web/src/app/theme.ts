import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shade 8 of blue keeps white button text and links above the WCAG AA contrast ratio. Every modal
 * and drawer close button gets a name in the reader's language (`closeLabel`), so no dialog can
 * ship an unnamed button. Plain objects rather than `Modal.extend()`: importing Modal and Drawer here
 * would put them in the code of every screen, the login screen included.
 */
export function createAppTheme(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 6 },
    defaultRadius: 'md',
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      // A button keeps its label whole: in a crowded row it wraps or scrolls with the row, never
      // shrinks to "Nuevo tab" (its label hides what overflows).
      Button: { styles: { root: { flexShrink: 0 } } },
    },
  });
}

/** Dimmed and error texts one step darker than Mantine's defaults, for AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  },
  dark: {},
});
