/**
 * Medication answers (001 §5; messages of the number of doses: decision B-082). Each entry needs a
 * name (a listed drug or, when allowed, a typed one); a dosage amount for other or non-listed drugs;
 * a dosage unit; a number of doses that is a whole number above 0 with fewer than 3 digits; and a
 * reason when the question lists reasons.
 */
import type { Answer, MedicationEntry } from './answer';
import type { QuestionOf } from './model';
import { msg, type RuleMessage } from './result';

/** Number of doses: under 3 digits (001 §9). */
export const MAX_DOSES_DIGITS = 2;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function entryErrors(q: QuestionOf<'Medication'>, e: MedicationEntry, i: number): RuleMessage[] {
  const c = q.constraints;
  const f = (name: string) => `medication.${i}.${name}`;
  const errors: RuleMessage[] = [];
  const listed = !!e.medicationId && c.medications.some((m) => m.id === e.medicationId);
  const other = !listed;
  if (!listed && (!str(e.name) || !c.allowOther)) {
    errors.push(msg('activity.medication.name', undefined, f('name')));
  }
  const amount = str(e.dosageAmount);
  if (other && amount === '') errors.push(msg('activity.medication.dosageAmount', undefined, f('dosageAmount')));
  else if (amount !== '' && !(/^\d+(\.\d+)?$/.test(amount) && Number(amount) > 0)) {
    errors.push(msg('activity.medication.dosageAmountInvalid', undefined, f('dosageAmount')));
  }
  if (!str(e.dosageUnit) || (c.units.length > 0 && !c.units.includes(str(e.dosageUnit)))) {
    errors.push(msg('activity.medication.dosageUnit', undefined, f('dosageUnit')));
  }
  const doses = str(e.numberOfDoses);
  if (doses === '') errors.push(msg('activity.medication.dosesRequired', undefined, f('numberOfDoses')));
  else if (!/^\d+$/.test(doses) || Number(doses) <= 0) {
    errors.push(msg('activity.medication.dosesPositive', undefined, f('numberOfDoses')));
  } else if (String(Number(doses)).length > MAX_DOSES_DIGITS) {
    errors.push(msg('activity.medication.dosesDigits', undefined, f('numberOfDoses')));
  }
  if (c.reasons.length > 0 && !c.reasons.some((r) => r.id === e.reason)) {
    errors.push(msg('activity.medication.reason', undefined, f('reason')));
  }
  return errors;
}

/** Errors of a non-empty Medication answer, each with the field of its entry. */
export function validateMedication(q: QuestionOf<'Medication'>, a: Answer | undefined): RuleMessage[] {
  const entries = a?.medication ?? [];
  const errors = entries.flatMap((e, i) => entryErrors(q, e, i));
  if (q.constraints.maxEntries !== undefined && entries.length > q.constraints.maxEntries) {
    errors.push(msg('activity.invalidOption', undefined, 'medication'));
  }
  return errors;
}
