import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { PRIMARY_FILLED_HOVER, staffCssVariables, staffTheme } from './theme';

/** WCAG 2 contrast ratio of two colours given as #rrggbb or rgb(r, g, b). */
function contrast(a: string, b: string): number {
  const channels = (c: string) =>
    c.startsWith('#') ? [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g)!.map(Number);
  const luminance = (c: string) => {
    const [r, g, bl] = channels(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('staff theme contrast (WCAG AA, 4.5:1 for button text)', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, staffTheme);
  const vars = staffCssVariables(theme).light;

  it('a primary button is white on cyan 9, and its hover stays at least 4.5:1', () => {
    expect(contrast('#ffffff', theme.colors.cyan[9])).toBeGreaterThanOrEqual(4.5);
    expect(vars['--mantine-primary-color-filled-hover']).toBe(PRIMARY_FILLED_HOVER);
    expect(vars['--mantine-color-cyan-filled-hover']).toBe(PRIMARY_FILLED_HOVER);
    expect(contrast('#ffffff', PRIMARY_FILLED_HOVER)).toBeGreaterThanOrEqual(4.5);
  });

  it('Mantine’s own hover (cyan 8) was the finding: below 4.5:1', () => {
    expect(contrast('#ffffff', theme.colors.cyan[8])).toBeLessThan(4.5);
  });
});
