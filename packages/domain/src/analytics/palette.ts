/**
 * Chart colours (002 §9, 000 §9; checklist G-067…G-070; decision G-chart-rules). Every colour reaches 3:1 against
 * the white chart background (WCAG 2.x 1.4.11, non-text contrast), so a bar or slice can be seen without its colour
 * being told apart from its neighbours'. Colour is never the only cue: bars carry their name on the axis and in the
 * tooltip.
 */
import type { ParticipantStatus } from '../participants/list';

/**
 * G-067, G-068: the categorical palette, used in this order. First Okabe–Ito's colour-blind-safe hues (orange,
 * reddish purple and sky blue darkened, hue kept, until they reach 3:1), then Paul Tol's muted set and Tableau's,
 * darkened the same way where needed, then two greys.
 */
export const CHART_PALETTE = [
  '#0072B2', // blue (Okabe–Ito)
  '#D55E00', // vermillion (Okabe–Ito)
  '#009E73', // bluish green (Okabe–Ito)
  '#C573A1', // reddish purple (Okabe–Ito, darkened)
  '#C37E00', // orange (Okabe–Ito, darkened)
  '#3496C9', // sky blue (Okabe–Ito, darkened)
  '#882255', // wine (Tol muted)
  '#5D4037', // dark brown
  '#6A3D9A', // purple (ColorBrewer Paired)
  '#117733', // green (Tol muted)
  '#E76071', // rose (Tableau, darkened)
  '#332288', // indigo (Tol muted)
  '#9C755F', // light brown (Tableau)
  '#AA4499', // magenta (Tol muted)
  '#009BAC', // cyan (Tableau, darkened)
  '#91912A', // olive (Tol muted, darkened)
  '#BF360C', // burnt orange
  '#555555', // dark grey
  '#4477AA', // steel blue (Tol bright)
  '#7F7F7F', // grey (Tableau)
] as const;

/** The palette colour of the i-th series; past the end it starts again (a chart of more series repeats colours). */
export function chartColor(index: number): string {
  const i = Number.isInteger(index) && index >= 0 ? index % CHART_PALETTE.length : 0;
  return CHART_PALETTE[i] as string;
}

/**
 * G-070: the families of participant statuses. Statuses of one family share a hue family, so a stacked status
 * chart reads by stage at a glance: greys not yet signed up, blues signed up, ambers and oranges in screening,
 * greens taking part, reds gone.
 */
export const STATUS_COLOR_FAMILIES = {
  grey: ['NOTINVITED', 'INVITED'],
  blue: ['REGISTERED', 'VERIFIED'],
  amber: ['PRESCREENED', 'SCREENING', 'SCREENPASSED', 'SCREENFAILED'],
  green: ['ACTIVE', 'ACTIVEWMODIFICATION', 'ACTIVEWITHOUTAPP'],
  red: ['DISQUALIFIED', 'WITHDRAWCONSENT', 'WITHDRAWSTUDY', 'DISCONTINUED'],
} as const satisfies Record<string, readonly ParticipantStatus[]>;

/** G-069, G-070: one colour per participant status; within a family they differ in lightness or shade. */
export const STATUS_COLORS: Readonly<Record<ParticipantStatus, string>> = {
  NOTINVITED: '#7C7C7C', // grey
  INVITED: '#4B5563', // slate grey
  REGISTERED: '#3B82F6', // blue
  VERIFIED: '#1E40AF', // dark blue
  PRESCREENED: '#A16207', // dark yellow
  SCREENING: '#D97706', // amber
  SCREENPASSED: '#854D0E', // dark amber
  SCREENFAILED: '#C2410C', // orange
  ACTIVE: '#15803D', // green
  ACTIVEWMODIFICATION: '#0F766E', // teal
  ACTIVEWITHOUTAPP: '#65A30D', // lime
  DISQUALIFIED: '#991B1B', // dark red
  WITHDRAWCONSENT: '#F05252', // light red
  WITHDRAWSTUDY: '#DC2626', // red
  DISCONTINUED: '#BE185D', // crimson
};

/** A status's chart colour; an unknown status (data from a newer server) gets a neutral grey rather than nothing. */
export function statusColor(status: unknown): string {
  return typeof status === 'string' && Object.hasOwn(STATUS_COLORS, status)
    ? STATUS_COLORS[status as ParticipantStatus]
    : STATUS_COLORS.NOTINVITED;
}

function channels(hex: string): [number, number, number] | null {
  const m = typeof hex === 'string' ? /^#?([0-9a-f]{6})$/i.exec(hex.trim()) : null;
  if (!m) return null;
  const h = m[1] as string;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2.x relative luminance of a `#RRGGBB` colour (0 black … 1 white); not a colour → null. */
export function relativeLuminance(hex: string): number | null {
  const c = channels(hex);
  if (!c) return null;
  const [r, g, b] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two `#RRGGBB` colours (1 … 21); either not a colour → null. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG 1.4.11: the least contrast of a chart mark against its background. */
export const MIN_CHART_CONTRAST = 3;
