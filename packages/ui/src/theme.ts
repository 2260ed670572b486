import type { CSSVariablesResolver } from '@mantine/core';

/** The test environment's badge: white on #c2410c is 5.2:1 (Mantine's filled orange, #d9480f, is 4.3:1). */
export const TEST_BADGE_COLOR = '#c2410c';

/**
 * Mantine's default "dimmed" grey (#868e96) and its error red (#fa5252, the colour of a field's message
 * and of an invalid field's text) are below the WCAG AA contrast ratio for small text on white and on
 * the light page background. Both portals pass this resolver to MantineProvider.
 */
export const accessibleCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
