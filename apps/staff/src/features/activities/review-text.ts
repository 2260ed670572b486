/** What a question asks, as short readable lines for the review (C-031): constraints and data edit checks. */
import type { DataEditCheck, Question } from '@trialpath/domain';
import type { TFunction } from 'i18next';

const defined = (v: unknown) => v !== undefined && v !== null && v !== '';

function rangeLine(t: TFunction, range: Record<string, unknown> | undefined, unit: 'days' | 'hours'): string | null {
  if (!range) return null;
  if (range.kind === 'fixed') return t('review.rangeFixed', { start: range.start ?? '—', end: range.end ?? '—' });
  return t(`review.range_${unit}`, {
    target: range.target,
    before: range[`${unit}Before`] ?? 0,
    after: range[`${unit}After`] ?? 0,
  });
}

export function constraintLines(t: TFunction, q: Question): string[] {
  const c = q.constraints as Record<string, unknown>;
  const lines: string[] = [];
  const add = (key: string, value: unknown) => {
    if (defined(value)) lines.push(t(`review.${key}`, { value: String(value) }));
  };
  switch (q.type) {
    case 'MultiChoice':
      lines.push(c.subType === 'multi' ? t('review.multi') : t('review.single'));
      break;
    case 'ImageChoice':
      lines.push(c.allowMultiple ? t('review.multi') : t('review.single'));
      break;
    case 'NumberScale':
    case 'VAS':
      lines.push(t('review.scale', { min: c.min, max: c.max, step: c.step }));
      break;
    case 'Number':
    case 'Integer':
    case 'Decimal':
      add('min', c.min);
      add('max', c.max);
      add('softMin', c.softMin);
      add('softMax', c.softMax);
      add('decimals', c.decimals);
      if (c.allowNegative !== undefined) lines.push(c.allowNegative ? t('review.negativeYes') : t('review.negativeNo'));
      break;
    case 'Text':
      add('maxLength', c.maxLength);
      if (c.dataType) lines.push(t('review.dataType', { value: t(`dataTypes.${String(c.dataType)}`) }));
      if (c.multiline) lines.push(t('review.multiline'));
      break;
    case 'Date':
    case 'Time':
    case 'DateTime': {
      const parts = q.type === 'DateTime' ? [c.date, c.time] : [c];
      parts.forEach((p, i) => {
        const part = p as Record<string, unknown>;
        const time = q.type === 'Time' || i === 1;
        add(time ? 'timeFormat' : 'dateFormat', part.format);
        const line = rangeLine(t, part.range as Record<string, unknown> | undefined, time ? 'hours' : 'days');
        if (line) lines.push(line);
      });
      break;
    }
    case 'Medication': {
      const units = (c.units as string[] | undefined) ?? [];
      lines.push(t('review.medications', { count: ((c.medications as unknown[] | undefined) ?? []).length }));
      if (units.length) lines.push(t('review.units', { value: units.join(', ') }));
      lines.push(t('review.reasons', { count: ((c.reasons as unknown[] | undefined) ?? []).length }));
      lines.push(c.allowOther ? t('review.otherDrugYes') : t('review.otherDrugNo'));
      add('maxEntries', c.maxEntries);
      break;
    }
    default:
      break;
  }
  return lines;
}

export function checkLine(t: TFunction, c: DataEditCheck): string {
  return t(`review.check_${c.check}`, {
    type: t(`checks.types.${c.type}`),
    value: c.value === undefined ? '' : ` ${c.value}`,
  });
}
