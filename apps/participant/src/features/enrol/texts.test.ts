import { describe, expect, it } from 'vitest';
import { enrolEn, enrolEs } from './texts';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const get = (o: object, k: string) => k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o);

describe('enrolment strings', () => {
  it('Spanish has every English key, translated, with the same placeholders', () => {
    expect(keys(enrolEs).sort()).toEqual(keys(enrolEn).sort());
    expect(keys(enrolEn).filter((k) => get(enrolEn, k) === get(enrolEs, k))).toEqual(['eligibility.no']);
    const holes = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const k of keys(enrolEn)) expect(holes(get(enrolEs, k)), k).toEqual(holes(get(enrolEn, k)));
  });
});
