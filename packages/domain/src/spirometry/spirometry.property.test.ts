import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeSession, SPIROMETRY_GRADES, type SpirometryEffort, type SpirometryGrade } from './grade';

const RUNS = { numRuns: 300 };

/** Litres as a spirometer shows them: two decimals, 0.1 to 10 L. */
const litres = fc.integer({ min: 10, max: 1000 }).map((cl) => cl / 100);

/** A plausible manoeuvre (FEV1 at most FVC), acceptable or not. */
const effort: fc.Arbitrary<SpirometryEffort> = fc
  .record({
    fvcL: litres,
    share: fc.double({ min: 0.3, max: 1, noNaN: true }),
    pefLs: fc.option(
      fc.integer({ min: 10, max: 2000 }).map((v) => v / 100),
      { nil: undefined },
    ),
    acceptable: fc.boolean(),
  })
  .map(({ fvcL, share, pefLs, acceptable }) => ({
    fvcL,
    fev1L: Math.max(0.1, Math.round(fvcL * share * 100) / 100),
    ...(pefLs === undefined ? {} : { pefLs }),
    acceptable,
  }));

/** Numbers a person (or a broken device) might send: NaN, infinities, negatives, huge ones, not numbers. */
const oddNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 1e308, -0),
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
);
const oddEffort = fc.oneof(
  effort,
  fc.record({ fvcL: oddNumber, fev1L: oddNumber, pefLs: oddNumber, acceptable: fc.oneof(fc.boolean(), oddNumber) }),
  fc.anything(),
);

const settings = fc.record(
  {
    enabled: fc.boolean(),
    minEfforts: fc.integer({ min: 3, max: 8 }),
    maxEfforts: fc.integer({ min: 3, max: 8 }),
    repeatabilityMl: fc.integer({ min: 100, max: 250 }),
    recordPef: fc.boolean(),
    lowRatioAlertPercent: fc.double({ min: 40, max: 90, noNaN: true }),
  },
  { requiredKeys: [] },
);
const oddSettings = fc.oneof(settings, fc.anything(), fc.dictionary(fc.string(), oddNumber));

const rank = (g: SpirometryGrade) => SPIROMETRY_GRADES.indexOf(g);

describe('forced spirometry grading properties (decision 0045)', () => {
  it('never throws, whatever it is given, and answers in its own terms', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(oddEffort, { maxLength: 12 }), fc.anything()), oddSettings, (efforts, s) => {
        const r = gradeSession(efforts, s);
        expect(SPIROMETRY_GRADES).toContain(r.grades.fvc);
        expect(SPIROMETRY_GRADES).toContain(r.grades.fev1);
        expect(r.acceptable).toBeLessThanOrEqual(r.entered);
        expect(r.warnings.length).toBeGreaterThanOrEqual(r.implausible.length);
        if (r.ratioPercent !== null) {
          expect(r.ratioPercent).toBeGreaterThan(0);
          expect(r.ratioPercent).toBeLessThanOrEqual(100);
        }
        for (const v of [r.fvcL, r.fev1L, r.pefLs, r.fvcDifferenceMl, r.fev1DifferenceMl]) {
          if (v !== null) expect(Number.isFinite(v)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the reported FVC and FEV1 are the largest of the acceptable efforts', () => {
    fc.assert(
      fc.property(fc.array(effort, { maxLength: 8 }), settings, (efforts, s) => {
        const r = gradeSession(efforts, s);
        const used = efforts.filter((e) => e.acceptable);
        expect(r.acceptable).toBe(used.length);
        expect(r.fvcL).toBe(used.length ? Math.max(...used.map((e) => e.fvcL)) : null);
        expect(r.fev1L).toBe(used.length ? Math.max(...used.map((e) => e.fev1L)) : null);
        expect(r.implausible).toEqual([]);
      }),
      RUNS,
    );
  });

  it.each(['fvcL', 'fev1L'] as const)(
    'the %s grade only gets worse as the two largest values move apart',
    (measure) => {
      const grade = (efforts: SpirometryEffort[], s: object) =>
        gradeSession(efforts, s).grades[measure === 'fvcL' ? 'fvc' : 'fev1'];
      fc.assert(
        fc.property(
          fc.array(effort, { minLength: 2, maxLength: 8 }),
          settings,
          fc.integer({ min: 1, max: 20 }),
          (efforts, s, stepMl) => {
            const used = efforts
              .map((e, i) => ({ e, i }))
              .filter(({ e }) => e.acceptable)
              .sort((a, b) => b.e[measure] - a.e[measure]);
            fc.pre(used.length >= 2);
            // The second largest moves down step by step (the largest, and so the tolerance, stay as they are).
            const j = used[1]!.i;
            const lowered = (apartMl: number) =>
              efforts.map((e, i) => {
                if (i !== j) return e;
                const v = Math.max(0.1, e[measure] - apartMl / 1000);
                return measure === 'fvcL' ? { ...e, fvcL: v, fev1L: Math.min(e.fev1L, v) } : { ...e, fev1L: v };
              });
            let worst = rank(grade(efforts, s));
            for (let apartMl = stepMl; apartMl <= 400; apartMl += stepMl) {
              const moved = lowered(apartMl);
              expect(gradeSession(moved, s).implausible).toEqual([]);
              const now = rank(grade(moved, s));
              expect(now).toBeGreaterThanOrEqual(worst);
              worst = now;
            }
          },
        ),
        RUNS,
      );
    },
  );
});
