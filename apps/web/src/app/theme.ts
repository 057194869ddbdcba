import { createTheme, Drawer, Modal, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shade 8 of blue keeps white button text and links above the WCAG AA contrast ratio. Every modal
 * and drawer close button gets a name in the reader's language (`closeLabel`), so no dialog can
 * ship an unnamed button.
 */
export function createAppTheme(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 6 },
    defaultRadius: 'md',
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
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
