import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken } from '@mantine/core';
import { accessibleCssVariables } from '@trialpath/ui';

export const staffTheme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 9, dark: 7 },
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/**
 * The primary colour's filled hover. Mantine hovers a shade-9 button with the lighter shade 8 (cyan 8
 * under white text is 4.34:1, below WCAG AA's 4.5:1); the staff portal darkens shade 9 instead.
 */
export const PRIMARY_FILLED_HOVER = darken(DEFAULT_THEME.colors.cyan[9], 0.15);

export const staffCssVariables: CSSVariablesResolver = (theme) => {
  const shared = accessibleCssVariables(theme);
  return {
    ...shared,
    light: {
      ...shared.light,
      '--mantine-color-cyan-filled-hover': PRIMARY_FILLED_HOVER,
      '--mantine-primary-color-filled-hover': PRIMARY_FILLED_HOVER,
    },
  };
};
