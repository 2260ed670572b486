/**
 * Tooltip formatters of the analytics charts (issue 13). ECharts renders a formatter's answer as HTML and the names
 * are user data (site names, reasons), so every text is escaped here.
 */
import { roundAverage } from '@trialpath/domain';

/** A tooltip formatter: ECharts passes one item's params, or an array of them on an axis tooltip. */
export type TooltipFormatter = (params: unknown) => string;

/** Text made inert inside a tooltip's HTML. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A slice's name, count and share: "Web: 3 (30%)". */
export const pieTooltip: TooltipFormatter = (p) => {
  const item = (Array.isArray(p) ? p[0] : p) as { name?: string; value?: number; percent?: number } | undefined;
  return `${escapeHtml(item?.name)}: ${escapeHtml(item?.value)} (${escapeHtml(item?.percent)}%)`;
};

export interface MinuteRange {
  max: number | null;
  avg: number | null;
  min: number | null;
}

/** The tooltip's words, from the catalogue (analytics.telehealth.max/avg/min/minutes) in the shown language. */
export interface RangeTooltipLabels {
  max: string;
  avg: string;
  min: string;
  minutes: (minutes: number) => string;
}

/**
 * G-071: the telehealth tooltip, "Max", "Avg", "Min" call minutes of the hovered bar, looked up by its name. The
 * average is rounded as every average of the charts (G-064); a missing value shows a dash, never "NaN".
 */
export function rangeTooltip(labels: RangeTooltipLabels, ranges: ReadonlyMap<string, MinuteRange>): TooltipFormatter {
  const minutes = (v: number | null) => (finite(v) ? escapeHtml(labels.minutes(v)) : '–');
  return (params) => {
    const item = (Array.isArray(params) ? params[0] : params) as { name?: string } | undefined;
    const name = item?.name ?? '';
    const range = ranges.get(name);
    const lines = [
      `${escapeHtml(labels.max)}: ${minutes(range?.max ?? null)}`,
      `${escapeHtml(labels.avg)}: ${minutes(roundAverage(range?.avg ?? null))}`,
      `${escapeHtml(labels.min)}: ${minutes(range?.min ?? null)}`,
    ];
    return [`<strong>${escapeHtml(name)}</strong>`, ...lines].join('<br/>');
  };
}
