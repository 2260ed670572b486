import { describe, expect, it } from 'vitest';
import { PARTICIPANT_STATUSES } from '../participants/list';
import {
  CHART_PALETTE,
  MIN_CHART_CONTRAST,
  STATUS_COLORS,
  STATUS_COLOR_FAMILIES,
  chartColor,
  contrastRatio,
  relativeLuminance,
  statusColor,
} from './index';

const WHITE = '#FFFFFF';

/** OKLab (Björn Ottosson): a perceptual space, so a distance says how different two colours look. */
function oklab(hex: string): [number, number, number] {
  const lin = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const [r, g, b] = lin;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}
const distance = (a: string, b: string) => {
  const [x, y] = [oklab(a), oklab(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
};
const minPairDistance = (colors: readonly string[]) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < colors.length; i++)
    for (let j = i + 1; j < colors.length; j++) min = Math.min(min, distance(colors[i] as string, colors[j] as string));
  return min;
};

/** HSL hue (0…360) and saturation (0…1). */
function hueSat(hex: string): [number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  if (d === 0) return [0, 0];
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, d / (1 - Math.abs(2 * l - 1))];
}

describe('WCAG contrast helpers', () => {
  it('known values', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2); // the classic AA grey
    expect(contrastRatio('#949494', WHITE)).toBeCloseTo(3.03, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('000000')).toBe(0);
  });

  it.each(['', '#FFF', 'red', '#GGGGGG', null, 3])('not a colour (%s) → null', (v) => {
    expect(relativeLuminance(v as string)).toBeNull();
    expect(contrastRatio(v as string, WHITE)).toBeNull();
  });
});

describe('G-067, G-068: the chart palette', () => {
  it('has about 20 fixed colours, all different', () => {
    expect(CHART_PALETTE).toHaveLength(20);
    expect(new Set(CHART_PALETTE.map((c) => c.toUpperCase())).size).toBe(CHART_PALETTE.length);
    for (const c of CHART_PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it.each([...CHART_PALETTE])('%s reaches 3:1 against white (WCAG 1.4.11)', (c) => {
    expect(contrastRatio(c, WHITE)).toBeGreaterThanOrEqual(MIN_CHART_CONTRAST);
  });

  it('no two colours look nearly alike (OKLab distance ≥ 0.04)', () => {
    expect(minPairDistance(CHART_PALETTE)).toBeGreaterThanOrEqual(0.04);
  });

  it('chartColor walks the palette and starts again past its end; a bad index gets the first', () => {
    expect(chartColor(0)).toBe(CHART_PALETTE[0]);
    expect(chartColor(19)).toBe(CHART_PALETTE[19]);
    expect(chartColor(20)).toBe(CHART_PALETTE[0]);
    expect(chartColor(21)).toBe(CHART_PALETTE[1]);
    for (const bad of [-1, 1.5, Number.NaN, null]) expect(chartColor(bad as number)).toBe(CHART_PALETTE[0]);
  });
});

describe('G-069, G-070: a colour per participant status', () => {
  it('every status has a colour, and only statuses have one', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...PARTICIPANT_STATUSES].sort());
  });

  it('all different, none nearly alike (OKLab distance ≥ 0.05)', () => {
    const colors = Object.values(STATUS_COLORS);
    expect(new Set(colors.map((c) => c.toUpperCase())).size).toBe(colors.length);
    expect(minPairDistance(colors)).toBeGreaterThanOrEqual(0.05);
  });

  it.each(Object.entries(STATUS_COLORS))('%s (%s) reaches 3:1 against white', (_status, c) => {
    expect(contrastRatio(c, WHITE)).toBeGreaterThanOrEqual(MIN_CHART_CONTRAST);
  });

  it('every status is in exactly one family', () => {
    const listed = Object.values(STATUS_COLOR_FAMILIES).flat();
    expect([...listed].sort()).toEqual([...PARTICIPANT_STATUSES].sort());
  });

  const inFamily: Record<keyof typeof STATUS_COLOR_FAMILIES, (hue: number, sat: number) => boolean> = {
    grey: (_h, s) => s < 0.2,
    blue: (h, s) => s >= 0.4 && h >= 200 && h <= 240,
    amber: (h, s) => s >= 0.4 && h >= 15 && h <= 50,
    green: (h, s) => s >= 0.4 && h >= 80 && h <= 180,
    red: (h, s) => s >= 0.4 && (h >= 330 || h <= 10),
  };
  it.each(Object.entries(STATUS_COLOR_FAMILIES))('the %s family shares its hue family', (family, statuses) => {
    for (const status of statuses) {
      const [hue, sat] = hueSat(STATUS_COLORS[status]);
      expect({ status, ok: inFamily[family as keyof typeof STATUS_COLOR_FAMILIES](hue, sat) }).toEqual({
        status,
        ok: true,
      });
    }
  });

  it('statusColor: the status colour; an unknown status gets the neutral grey', () => {
    expect(statusColor('ACTIVE')).toBe(STATUS_COLORS.ACTIVE);
    for (const bad of ['NEW_STATUS', '__proto__', 'toString', null, 7]) {
      expect(statusColor(bad)).toBe(STATUS_COLORS.NOTINVITED);
    }
  });
});
