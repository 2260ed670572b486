import { describe, expect, it } from 'vitest';
import { refText } from '../messages/message-ref';
import '../messages/study-catalogue';
import { gradeMeaning, gradeMeasure, gradeSession, type SpirometryEffort } from './grade';

const ok = (fvcL: number, fev1L: number, pefLs?: number): SpirometryEffort => ({
  fvcL,
  fev1L,
  acceptable: true,
  ...(pefLs === undefined ? {} : { pefLs }),
});
const DEFAULTS = {};

describe('reported values (ATS/ERS 2019: the largest acceptable FVC and FEV1)', () => {
  it('three repeatable efforts: the largest FVC and FEV1, the ratio, the best PEF, both differences, grade A', () => {
    const r = gradeSession([ok(4.1, 3.2, 9.1), ok(4.02, 3.12, 9.4), ok(3.95, 3.05, 8.8)], DEFAULTS);
    expect(r).toMatchObject({
      entered: 3,
      acceptable: 3,
      fvcL: 4.1,
      fev1L: 3.2,
      ratioPercent: 78,
      pefLs: 9.4,
      fvcDifferenceMl: 80,
      fev1DifferenceMl: 80,
      toleranceMl: 150,
      repeatable: true,
      grades: { fvc: 'A', fev1: 'A' },
      tooFewEfforts: false,
      tooMany: false,
      lowRatio: false,
      implausible: [],
      warnings: [],
    });
  });

  it('FVC and FEV1 may come from different efforts; the ratio is taken from the two reported values, one decimal', () => {
    const r = gradeSession([ok(4.0, 2.9), ok(3.9, 3.1), ok(3.7, 2.5)], DEFAULTS);
    expect([r.fvcL, r.fev1L, r.ratioPercent]).toEqual([4.0, 3.1, 77.5]);
    expect(gradeSession([ok(3.7, 2.5)], DEFAULTS).ratioPercent).toBe(67.6);
  });

  it('an effort the operator did not accept counts as entered but gives no value', () => {
    const r = gradeSession([ok(4.0, 3.0), { fvcL: 5.5, fev1L: 4.4, pefLs: 12, acceptable: false }, ok(3.95, 2.96)], {});
    expect(r).toMatchObject({ entered: 3, acceptable: 2, fvcL: 4.0, fev1L: 3.0, pefLs: null, tooFewEfforts: false });
    expect(r.grades).toEqual({ fvc: 'B', fev1: 'B' });
  });

  it('PEF is left out when the study does not record it', () => {
    const r = gradeSession([ok(4.1, 3.2, 9.1), ok(4.02, 3.12, 99)], { recordPef: false });
    expect(r.pefLs).toBeNull();
    expect(r.implausible).toEqual([]);
  });

  it('nothing acceptable: no values, grade F for both', () => {
    const r = gradeSession([{ fvcL: 4, fev1L: 3, acceptable: false }], DEFAULTS);
    expect(r).toMatchObject({
      acceptable: 0,
      fvcL: null,
      fev1L: null,
      ratioPercent: null,
      pefLs: null,
      fvcDifferenceMl: null,
      fev1DifferenceMl: null,
      repeatable: false,
      grades: { fvc: 'F', fev1: 'F' },
      lowRatio: false,
    });
  });
});

describe('grades per measure (ATS/ERS 2019)', () => {
  it.each([
    // two largest apart (mL) by how many acceptable efforts
    [[4.0, 3.85, 3.8], 150, 'A'],
    [[4.0, 3.85], 150, 'B'],
    [[4.0, 3.849, 3.8], 151, 'C'],
    [[4.0, 3.8, 3.7], 200, 'C'],
    [[4.0, 3.82], 180, 'C'],
    [[4.0, 3.75, 3.7], 250, 'D'],
    [[4.0, 3.749], 251, 'E'],
    [[4.0, 3.5, 3.4], 500, 'E'],
  ] as const)('%j → %i mL apart, grade %s', (values, apart, grade) => {
    expect(gradeMeasure(values, 150)).toEqual({ grade, differenceMl: apart });
  });

  it('one acceptable effort is E, none is F', () => {
    expect(gradeMeasure([4.0], 150)).toEqual({ grade: 'E', differenceMl: null });
    expect(gradeMeasure([], 150)).toEqual({ grade: 'F', differenceMl: null });
  });

  it('FEV1 and FVC are graded apart: repeatable FVC, FEV1 spread', () => {
    const r = gradeSession([ok(4.0, 3.3), ok(3.95, 3.0), ok(3.9, 2.9)], DEFAULTS);
    expect(r.grades).toEqual({ fvc: 'A', fev1: 'E' });
    expect([r.fvcDifferenceMl, r.fev1DifferenceMl]).toEqual([50, 300]);
    expect(r.repeatable).toBe(false);
  });

  it('the configured repeatability replaces 150 mL for A and B', () => {
    const efforts = [ok(4.0, 3.2), ok(3.82, 3.02), ok(3.7, 2.9)];
    expect(gradeSession(efforts, DEFAULTS).grades).toEqual({ fvc: 'C', fev1: 'C' });
    const wider = gradeSession(efforts, { repeatabilityMl: 200 });
    expect(wider).toMatchObject({ toleranceMl: 200, repeatable: true, grades: { fvc: 'A', fev1: 'A' } });
    expect(gradeSession(efforts.slice(0, 2), { repeatabilityMl: 200 }).grades).toEqual({ fvc: 'B', fev1: 'B' });
  });

  it('when FVC is 1.0 L or less the tolerance is 100 mL, whatever the setting', () => {
    const small = gradeSession([ok(0.95, 0.8), ok(0.83, 0.7), ok(0.8, 0.66)], { repeatabilityMl: 250 });
    expect(small).toMatchObject({ toleranceMl: 100, fvcDifferenceMl: 120, fev1DifferenceMl: 100 });
    expect(small.grades).toEqual({ fvc: 'C', fev1: 'A' });
    expect(gradeSession([ok(1.0, 0.8), ok(0.88, 0.7)], DEFAULTS).toleranceMl).toBe(100);
    expect(gradeSession([ok(1.01, 0.8), ok(0.88, 0.7)], DEFAULTS)).toMatchObject({
      toleranceMl: 150,
      grades: { fvc: 'B', fev1: 'B' },
    });
  });

  it('says what each grade means, with the tolerance used', () => {
    expect(refText(gradeMeaning('A', 150))).toBe('3 or more acceptable efforts, the two largest within 150 mL.');
    expect(refText(gradeMeaning('B', 100), 'es')).toBe(
      '2 esfuerzos aceptables con una diferencia de 100 mL como máximo.',
    );
    expect(refText(gradeMeaning('F', 150))).toBe('No acceptable effort.');
    for (const g of ['C', 'D', 'E'] as const) expect(refText(gradeMeaning(g, 150))).not.toContain('{');
  });
});

describe('warnings', () => {
  it('fewer efforts than the minimum, and more than the maximum', () => {
    const two = gradeSession([ok(4.0, 3.0), ok(3.95, 2.95)], DEFAULTS);
    expect(two.tooFewEfforts).toBe(true);
    expect(two.warnings.map((w) => refText(w))).toEqual(['Only 2 efforts were entered: the session needs at least 3.']);
    const four = gradeSession([ok(4.0, 3.0), ok(3.95, 2.95), ok(3.9, 2.9), ok(3.9, 2.9)], {
      minEfforts: 3,
      maxEfforts: 3,
    });
    expect([four.tooFewEfforts, four.tooMany]).toEqual([false, true]);
    expect(refText(four.warnings[0]!, 'es')).toBe('Se han introducido 4 esfuerzos: la sesión admite como máximo 3.');
    expect(gradeSession([ok(4.0, 3.0), ok(3.95, 2.95)], { minEfforts: 2 })).toMatchObject({ tooFewEfforts: true });
  });

  it('a ratio below the alert threshold is flagged for the investigator; at the threshold it is not', () => {
    const low = gradeSession([ok(4.0, 2.0), ok(3.95, 1.95), ok(3.9, 1.9)], DEFAULTS);
    expect(low).toMatchObject({ ratioPercent: 50, lowRatio: true });
    expect(refText(low.warnings.at(-1)!)).toBe('FEV1/FVC is 50 %, below 70 %: flag it for the investigator.');
    expect(gradeSession([ok(4.0, 2.8), ok(3.95, 2.75), ok(3.9, 2.7)], DEFAULTS)).toMatchObject({
      ratioPercent: 70,
      lowRatio: false,
    });
    expect(gradeSession([ok(4.0, 2.8), ok(3.95, 2.75), ok(3.9, 2.7)], { lowRatioAlertPercent: 75 }).lowRatio).toBe(
      true,
    );
  });

  it('names an effort whose FEV1 is greater than its FVC by its number, and leaves it out', () => {
    const r = gradeSession([ok(4.0, 3.0), ok(3.0, 3.4), ok(3.95, 2.95)], DEFAULTS);
    expect(r.implausible).toHaveLength(1);
    expect(r.implausible[0]!.effort).toBe(2);
    expect(refText(r.implausible[0]!.message)).toBe(
      'Effort 2: the FEV1 (3.4 L) is greater than the FVC (3 L), which cannot be. This effort is not used.',
    );
    expect(r).toMatchObject({ acceptable: 2, fev1L: 3.0, grades: { fvc: 'B', fev1: 'B' } });
    expect(r.warnings).toEqual([r.implausible[0]!.message]);
  });

  it.each([
    [{ fvcL: Number.NaN, fev1L: 3, acceptable: true }, ['spirometry.fvcImplausible']],
    [{ fvcL: -4, fev1L: -3, acceptable: true }, ['spirometry.fvcImplausible', 'spirometry.fev1Implausible']],
    [{ fvcL: 1e308, fev1L: 3, acceptable: true }, ['spirometry.fvcImplausible']],
    [{ fvcL: 4, fev1L: Number.POSITIVE_INFINITY, acceptable: true }, ['spirometry.fev1Implausible']],
    [{ fvcL: 0.09, fev1L: 0.05, acceptable: false }, ['spirometry.fvcImplausible', 'spirometry.fev1Implausible']],
    [{ fvcL: 10.5, fev1L: 3, acceptable: true }, ['spirometry.fvcImplausible']],
    [{ fvcL: '4', fev1L: 3, acceptable: true }, ['spirometry.fvcImplausible']],
    [{ fvcL: 4, fev1L: 3, pefLs: 25, acceptable: true }, ['spirometry.pefImplausible']],
    [{ fvcL: 4, fev1L: 3, pefLs: -1, acceptable: true }, ['spirometry.pefImplausible']],
    [null, ['spirometry.fvcImplausible', 'spirometry.fev1Implausible']],
    ['effort', ['spirometry.fvcImplausible', 'spirometry.fev1Implausible']],
  ])('an implausible effort %j is reported (%j) and not used', (effort, keys) => {
    const r = gradeSession([ok(4.0, 3.0), effort], DEFAULTS);
    expect(r.implausible.map((p) => [p.effort, p.message.key])).toEqual(keys.map((k) => [2, k]));
    expect(r).toMatchObject({ entered: 2, acceptable: 1, fvcL: 4.0, fev1L: 3.0 });
  });

  it('says the plausible range in the person’s language', () => {
    const r = gradeSession([{ fvcL: 12, fev1L: 3, acceptable: true }], DEFAULTS);
    expect(refText(r.implausible[0]!.message)).toBe(
      'Effort 1: the FVC must be a number from 0.1 to 10 L. This effort is not used.',
    );
    expect(refText(r.implausible[0]!.message, 'es')).toBe(
      'Esfuerzo 1: la FVC debe ser un número de 0.1 a 10 L. Este esfuerzo no se utiliza.',
    );
  });

  it('lists the warnings in order: the count, the efforts not used, the ratio', () => {
    const r = gradeSession([ok(4.0, 2.0), ok(3.0, 3.5)], DEFAULTS);
    expect(r.warnings.map((w) => w.key)).toEqual([
      'spirometry.tooFewEfforts',
      'spirometry.fev1AboveFvc',
      'spirometry.lowRatio',
    ]);
  });
});

describe('never throws (DESIGN §4)', () => {
  it.each([undefined, null, 'x', 42, {}, [null], [[]], [{}], [Symbol.for('s')]])('efforts %s', (efforts) => {
    const r = gradeSession(efforts, undefined);
    expect(r.grades).toEqual({ fvc: 'F', fev1: 'F' });
  });

  it('settings out of bounds or of the wrong kind are read as their defaults', () => {
    const r = gradeSession([ok(4.0, 3.0), ok(3.9, 2.9)], {
      minEfforts: Number.NaN,
      maxEfforts: 'eight',
      repeatabilityMl: 10_000,
      recordPef: 'yes',
      lowRatioAlertPercent: -1,
    });
    expect(r).toMatchObject({ toleranceMl: 150, tooFewEfforts: true, lowRatio: false });
  });
});
