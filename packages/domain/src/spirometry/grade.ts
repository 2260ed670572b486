/**
 * The grading of a forced-spirometry session (C-019, decision 0045) by the ATS/ERS 2019 standard. The
 * operator (or the device) judges each manoeuvre acceptable or not; this reads the acceptable ones: the
 * reported FVC and FEV1 are the largest of each (possibly from different efforts), the ratio is taken from
 * those two, and FEV1 and FVC are graded separately by how many acceptable efforts there are and how far
 * apart their two largest values are. An effort whose numbers cannot be right is named and not used.
 * Pure and total: whatever it is given, it answers (DESIGN §4).
 */
import { type MessageRef, messageRef } from '../messages/message-ref';
import { readSpirometrySettings, SPIROMETRY_LIMITS } from './settings';

/** One manoeuvre as entered: volumes in litres, the peak flow in litres per second. */
export interface SpirometryEffort {
  fvcL: number;
  fev1L: number;
  pefLs?: number | null;
  acceptable: boolean;
}

/** Best first. */
export const SPIROMETRY_GRADES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type SpirometryGrade = (typeof SPIROMETRY_GRADES)[number];

export interface ImplausibleEffort {
  /** The effort's number as entered, from 1. */
  effort: number;
  message: MessageRef;
}

export interface SpirometrySession {
  /** Efforts entered, used or not. */
  entered: number;
  /** Acceptable efforts whose numbers are plausible: the ones graded. */
  acceptable: number;
  /** Largest acceptable FVC (L); null without one. */
  fvcL: number | null;
  /** Largest acceptable FEV1 (L). */
  fev1L: number | null;
  /** Reported FEV1 / reported FVC, in %, one decimal. */
  ratioPercent: number | null;
  /** Largest acceptable PEF (L/s); null when PEF is not recorded or none was entered. */
  pefLs: number | null;
  /** The two largest acceptable FVC values apart, in whole mL; null with fewer than two. */
  fvcDifferenceMl: number | null;
  fev1DifferenceMl: number | null;
  /** The tolerance the A and B grades used: 100 mL when FVC ≤ 1.0 L, else the setting. */
  toleranceMl: number;
  /** Both differences within the tolerance. */
  repeatable: boolean;
  grades: { fvc: SpirometryGrade; fev1: SpirometryGrade };
  tooFewEfforts: boolean;
  tooMany: boolean;
  lowRatio: boolean;
  implausible: ImplausibleEffort[];
  /** Every warning in the order a screen lists them: the count, the efforts not used, the ratio. */
  warnings: MessageRef[];
}

const L = SPIROMETRY_LIMITS;
const isIn = (v: unknown, b: { min: number; max: number }): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= b.min && v <= b.max;

/** Why an effort cannot be used (none: plausible). */
function effortProblems(raw: unknown, n: number, recordPef: boolean): MessageRef[] {
  const e = (raw !== null && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof SpirometryEffort, unknown>>;
  const out: MessageRef[] = [];
  const volume = { effort: n, ...L.volumeL };
  if (!isIn(e.fvcL, L.volumeL)) out.push(messageRef('spirometry.fvcImplausible', volume));
  if (!isIn(e.fev1L, L.volumeL)) out.push(messageRef('spirometry.fev1Implausible', volume));
  if (out.length === 0 && (e.fev1L as number) > (e.fvcL as number))
    out.push(messageRef('spirometry.fev1AboveFvc', { effort: n, fev1: e.fev1L as number, fvc: e.fvcL as number }));
  if (recordPef && e.pefLs !== undefined && e.pefLs !== null && !isIn(e.pefLs, L.pefLs))
    out.push(messageRef('spirometry.pefImplausible', { effort: n, ...L.pefLs }));
  return out;
}

/** Litres apart as whole millilitres (0.1 L steps in binary floating point are not exact). */
const apartMl = (a: number, b: number) => Math.round((a - b) * 1000);

/** One measure's grade from its acceptable values, largest first. */
export function gradeMeasure(
  largestFirst: readonly number[],
  toleranceMl: number,
): { grade: SpirometryGrade; differenceMl: number | null } {
  const [first, second] = largestFirst;
  if (first === undefined) return { grade: 'F', differenceMl: null };
  if (second === undefined) return { grade: 'E', differenceMl: null };
  const differenceMl = apartMl(first, second);
  const grade: SpirometryGrade =
    differenceMl <= toleranceMl
      ? largestFirst.length >= 3
        ? 'A'
        : 'B'
      : differenceMl <= L.gradeCMl
        ? 'C'
        : differenceMl <= L.gradeDMl
          ? 'D'
          : 'E';
  return { grade, differenceMl };
}

/** How a session of manoeuvres grades under a study's settings (see the module's comment). */
export function gradeSession(efforts: readonly SpirometryEffort[] | unknown, settings: unknown): SpirometrySession {
  const s = readSpirometrySettings(settings);
  const list: unknown[] = Array.isArray(efforts) ? efforts : [];
  const implausible: ImplausibleEffort[] = [];
  const used: SpirometryEffort[] = [];
  list.forEach((raw, i) => {
    const problems = effortProblems(raw, i + 1, s.recordPef);
    for (const message of problems) implausible.push({ effort: i + 1, message });
    const e = raw as SpirometryEffort;
    if (problems.length === 0 && e.acceptable === true) used.push(e);
  });

  const desc = (values: number[]) => values.sort((a, b) => b - a);
  const fvcs = desc(used.map((e) => e.fvcL));
  const fev1s = desc(used.map((e) => e.fev1L));
  const pefs = s.recordPef ? desc(used.flatMap((e) => (typeof e.pefLs === 'number' ? [e.pefLs] : []))) : [];
  const fvcL = fvcs[0] ?? null;
  const fev1L = fev1s[0] ?? null;
  const toleranceMl = fvcL !== null && fvcL <= L.smallFvcL ? L.smallFvcToleranceMl : s.repeatabilityMl;
  const fvc = gradeMeasure(fvcs, toleranceMl);
  const fev1 = gradeMeasure(fev1s, toleranceMl);
  const ratioPercent = fvcL !== null && fev1L !== null ? Math.round((fev1L / fvcL) * 1000) / 10 : null;

  const tooFewEfforts = list.length < s.minEfforts;
  const tooMany = list.length > s.maxEfforts;
  const lowRatio = ratioPercent !== null && ratioPercent < s.lowRatioAlertPercent;
  const warnings: MessageRef[] = [];
  if (tooFewEfforts) warnings.push(messageRef('spirometry.tooFewEfforts', { count: list.length, min: s.minEfforts }));
  if (tooMany) warnings.push(messageRef('spirometry.tooManyEfforts', { count: list.length, max: s.maxEfforts }));
  warnings.push(...implausible.map((p) => p.message));
  if (lowRatio)
    warnings.push(messageRef('spirometry.lowRatio', { ratio: ratioPercent, threshold: s.lowRatioAlertPercent }));

  return {
    entered: list.length,
    acceptable: used.length,
    fvcL,
    fev1L,
    ratioPercent,
    pefLs: pefs[0] ?? null,
    fvcDifferenceMl: fvc.differenceMl,
    fev1DifferenceMl: fev1.differenceMl,
    toleranceMl,
    repeatable:
      fvc.differenceMl !== null &&
      fev1.differenceMl !== null &&
      fvc.differenceMl <= toleranceMl &&
      fev1.differenceMl <= toleranceMl,
    grades: { fvc: fvc.grade, fev1: fev1.grade },
    tooFewEfforts,
    tooMany,
    lowRatio,
    implausible,
    warnings,
  };
}

/** The catalogue message saying what a grade means (its tolerance filled in where it has one). */
export function gradeMeaning(grade: SpirometryGrade, toleranceMl: number): MessageRef {
  return messageRef(
    `spirometry.grade.${grade}`,
    grade === 'A' || grade === 'B' ? { tolerance: toleranceMl } : undefined,
  );
}
