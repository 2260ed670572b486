// Study colours, kept apart from the date formatters so a page that only needs a colour does not load dayjs.

/** Default study colour (a teal) when a study has none: white text on it reads at 5.3:1 (WCAG AA; decision 0037). */
export const DEFAULT_STUDY_COLOR = '#00796B';

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1] as string;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}

/** A study's colour (with a leading #), or the default teal when missing or not a hex colour. */
export function studyColorOrDefault(color: string | null | undefined): string {
  if (typeof color !== 'string' || !parseHex(color)) return DEFAULT_STUDY_COLOR;
  const c = color.trim();
  return c.startsWith('#') ? c : `#${c}`;
}

/** Perceived brightness 0..255 (YIQ: (299 R + 587 G + 114 B) / 1000). */
export function colorBrightness(hex: string): number {
  const rgb = parseHex(hex) ?? (parseHex(DEFAULT_STUDY_COLOR) as [number, number, number]);
  return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000;
}

/** Text colour on a background: brightness 128 or more → black, otherwise white. */
export function contrastColor(hex: string | null | undefined): '#000000' | '#FFFFFF' {
  return colorBrightness(studyColorOrDefault(hex)) >= 128 ? '#000000' : '#FFFFFF';
}
