/**
 * Answers (spec 001 §3 question fields answer, optionId, optionsIds, skipped, isAnswered, date, time,
 * medication). Which field a type uses: docs/activity-model.md.
 */
import { z } from 'zod';
import { plainNumberText } from './number-text';

export const MedicationEntrySchema = z.object({
  /** Id of a drug of the question's list; empty for a drug typed in. */
  medicationId: z.string().nullish(),
  /** Name of a drug that is not in the list ("other"). */
  name: z.string().nullish(),
  isOther: z.boolean().nullish(),
  dosageAmount: z.union([z.string(), z.number()]).nullish(),
  dosageUnit: z.string().nullish(),
  numberOfDoses: z.union([z.string(), z.number()]).nullish(),
  /** Id of one of the question's reasons. */
  reason: z.string().nullish(),
});
export type MedicationEntry = z.infer<typeof MedicationEntrySchema>;

export const AnswerSchema = z.object({
  /** Typed or scale value: Number/Integer/Decimal/Text/NumberScale/VAS/WongBaker. */
  answer: z.union([z.string(), z.number()]).nullish(),
  /** One chosen option (Boolean, DropDown, CustomScale, single choices). */
  optionId: z.string().nullish(),
  /** Chosen options (multi choices); wins over optionId when both are given. */
  optionsIds: z.array(z.string()).nullish(),
  /** Free text of the other option. */
  otherText: z.string().nullish(),
  /** Date as ISO `YYYY-MM-DD` (or as typed in the question's display format). */
  date: z.string().nullish(),
  /** Time as `HH:mm` (or as typed in the question's 12/24-hour format). */
  time: z.string().nullish(),
  medication: z.array(MedicationEntrySchema).nullish(),
  skipped: z.boolean().nullish(),
});
export type Answer = z.infer<typeof AnswerSchema>;
/** Answers keyed by question identifier. */
export type AnswerMap = Readonly<Record<string, Answer | undefined>>;

const isChosenId = (s: unknown) => typeof s === 'string' && s.trim() !== '';

/**
 * The chosen option ids of an answer (optionsIds, else optionId), without blanks. When optionsIds
 * has no blank it is returned itself rather than copied (this runs several times per answer on the
 * server's hot path), hence readonly: callers must not change it.
 */
export function chosenOptionIds(a: Answer | undefined): readonly string[] {
  if (!a) return [];
  const ids = a.optionsIds;
  if (ids == null) return isChosenId(a.optionId) ? [a.optionId as string] : [];
  return ids.every(isChosenId) ? ids : ids.filter(isChosenId);
}

/**
 * An answer's typed value as a trimmed string ('' when missing). A number given as a number is written
 * in plain decimal notation (1e-7 → '0.0000001'; decision B-number-text); NaN and ±Infinity as 'NaN'.
 */
export function answerValue(a: Answer | undefined): string {
  const v = a?.answer;
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? (Number.isFinite(v) ? plainNumberText(v) : 'NaN') : v.trim();
}
