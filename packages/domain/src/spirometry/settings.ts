/**
 * A study's forced-spirometry settings (C-019, decision 0045): whether its eDROs take forced spirometry, how
 * many manoeuvres a session takes, the repeatability tolerance of the ATS/ERS 2019 standard, whether the peak
 * expiratory flow is recorded, and the FEV1/FVC ratio below which a session is flagged for the investigator.
 * The study content section `spirometry` (study/content-edro.ts), versioned with the rest of the content.
 */
import { z } from 'zod';

/** The bounds of each setting, and the standard's fixed thresholds the grades use. */
export const SPIROMETRY_LIMITS = {
  efforts: { min: 3, max: 8 },
  repeatabilityMl: { min: 100, max: 250 },
  lowRatioAlertPercent: { min: 40, max: 90 },
  /** A plausible FVC or FEV1, in litres. */
  volumeL: { min: 0.1, max: 10 },
  /** A plausible peak expiratory flow, in litres per second. */
  pefLs: { min: 0.1, max: 20 },
  /** At or below this FVC (litres) the tolerance is 100 mL whatever the setting. */
  smallFvcL: 1.0,
  smallFvcToleranceMl: 100,
  /** The two largest values within these (mL) grade C and D. */
  gradeCMl: 200,
  gradeDMl: 250,
} as const;

export const SPIROMETRY_DEFAULTS = {
  enabled: false,
  minEfforts: 3,
  maxEfforts: 8,
  repeatabilityMl: 150,
  recordPef: true,
  lowRatioAlertPercent: 70,
} as const;

const L = SPIROMETRY_LIMITS;
const within = (v: unknown, b: { min: number; max: number }, int: boolean) =>
  typeof v === 'number' && Number.isFinite(v) && v >= b.min && v <= b.max && (!int || Number.isInteger(v));
const efforts = () => z.number().int().min(L.efforts.min).max(L.efforts.max);

export const SpirometrySettingsSchema = z
  .object({
    enabled: z.boolean().default(SPIROMETRY_DEFAULTS.enabled),
    /** Fewer manoeuvres than this is a warning on the session. */
    minEfforts: efforts().default(SPIROMETRY_DEFAULTS.minEfforts),
    /** The most manoeuvres a session takes (ATS/ERS: at most 8 in adults). */
    maxEfforts: efforts().default(SPIROMETRY_DEFAULTS.maxEfforts),
    /** The repeatability tolerance for FVC and FEV1 when FVC > 1.0 L (grades A and B). */
    repeatabilityMl: z
      .number()
      .int()
      .min(L.repeatabilityMl.min)
      .max(L.repeatabilityMl.max)
      .default(SPIROMETRY_DEFAULTS.repeatabilityMl),
    recordPef: z.boolean().default(SPIROMETRY_DEFAULTS.recordPef),
    /** A session's FEV1/FVC (%) below this is flagged for the investigator. */
    lowRatioAlertPercent: z
      .number()
      .min(L.lowRatioAlertPercent.min)
      .max(L.lowRatioAlertPercent.max)
      .default(SPIROMETRY_DEFAULTS.lowRatioAlertPercent),
  })
  .strict()
  .superRefine((s, ctx) => {
    // Only between two counts that are each in bounds: a minimum out of bounds has its own message.
    if (within(s.minEfforts, L.efforts, true) && within(s.maxEfforts, L.efforts, true) && s.maxEfforts < s.minEfforts) {
      const params = { messageKey: 'spirometry.maxBelowMin', messageParams: { min: s.minEfforts } };
      ctx.addIssue({ code: 'custom', path: ['maxEfforts'], message: params.messageKey, params });
    }
  });
export type SpirometrySettings = z.output<typeof SpirometrySettingsSchema>;
export type SpirometrySettingsInput = z.input<typeof SpirometrySettingsSchema>;

type Key = keyof SpirometrySettings;

/**
 * Settings as far as they can be read: each field that is missing or out of its bounds is its default, and
 * a maximum below the minimum is the minimum. Never throws, so a screen can grade while a field is half typed.
 */
export function readSpirometrySettings(input: unknown): SpirometrySettings {
  const v = (input !== null && typeof input === 'object' ? input : {}) as Partial<Record<Key, unknown>>;
  const pick = <K extends Key>(key: K, ok: boolean): SpirometrySettings[K] =>
    (ok ? v[key] : SPIROMETRY_DEFAULTS[key]) as SpirometrySettings[K];
  const minEfforts = pick('minEfforts', within(v.minEfforts, L.efforts, true));
  const maxEfforts = pick('maxEfforts', within(v.maxEfforts, L.efforts, true));
  return {
    enabled: pick('enabled', typeof v.enabled === 'boolean'),
    minEfforts,
    maxEfforts: Math.max(minEfforts, maxEfforts),
    repeatabilityMl: pick('repeatabilityMl', within(v.repeatabilityMl, L.repeatabilityMl, true)),
    recordPef: pick('recordPef', typeof v.recordPef === 'boolean'),
    lowRatioAlertPercent: pick('lowRatioAlertPercent', within(v.lowRatioAlertPercent, L.lowRatioAlertPercent, false)),
  };
}
