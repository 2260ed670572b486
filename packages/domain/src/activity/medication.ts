/**
 * Medication answers (001 §5; messages of the number of doses: decision B-082). Each entry needs a
 * name (a listed drug or, when allowed, a typed one); a dosage amount for other or non-listed drugs;
 * a dosage unit; a number of doses that is a whole number above 0 with fewer than 3 digits; and a
 * reason when the question lists reasons.
 */
import type { Answer, MedicationEntry } from './answer';
import type { QuestionOf } from './model';
import { scalarText } from './number-text';
import { memoIfPrepared } from './prepared';
import { msg, type RuleMessage } from './result';

/** Number of doses: under 3 digits (001 §9). */
export const MAX_DOSES_DIGITS = 2;

const str = (v: unknown) => scalarText(v).trim();

/** The lists of a question as sets, so an answer of many entries is checked in linear time. */
interface Known {
  medications: Set<string>;
  units: Set<string>;
  reasons: Set<string>;
}
const knownLists = new WeakMap<QuestionOf<'Medication'>, Known>();
function makeKnown(q: QuestionOf<'Medication'>): Known {
  const c = q.constraints;
  return {
    medications: new Set(c.medications.map((m) => m.id)),
    units: new Set(c.units),
    reasons: new Set(c.reasons.map((r) => r.id)),
  };
}

function entryErrors(q: QuestionOf<'Medication'>, known: Known, e: MedicationEntry, i: number): RuleMessage[] {
  const c = q.constraints;
  const f = (name: string) => `medication.${i}.${name}`;
  const errors: RuleMessage[] = [];
  const listed = !!e.medicationId && known.medications.has(e.medicationId);
  const other = !listed;
  if (!listed && (!str(e.name) || !c.allowOther)) {
    errors.push(msg('activity.medication.name', undefined, f('name')));
  }
  const amount = str(e.dosageAmount);
  if (other && amount === '') errors.push(msg('activity.medication.dosageAmount', undefined, f('dosageAmount')));
  else if (amount !== '' && !(/^\d+(\.\d+)?$/.test(amount) && Number(amount) > 0 && Number.isFinite(Number(amount)))) {
    errors.push(msg('activity.medication.dosageAmountInvalid', undefined, f('dosageAmount')));
  }
  const unit = str(e.dosageUnit);
  if (!unit || (known.units.size > 0 && !known.units.has(unit))) {
    errors.push(msg('activity.medication.dosageUnit', undefined, f('dosageUnit')));
  }
  const doses = str(e.numberOfDoses);
  if (doses === '') errors.push(msg('activity.medication.dosesRequired', undefined, f('numberOfDoses')));
  else if (!/^\d+$/.test(doses) || Number(doses) <= 0) {
    errors.push(msg('activity.medication.dosesPositive', undefined, f('numberOfDoses')));
  } else if (doses.replace(/^0+/, '').length > MAX_DOSES_DIGITS) {
    errors.push(msg('activity.medication.dosesDigits', undefined, f('numberOfDoses')));
  }
  if (known.reasons.size > 0 && !known.reasons.has(scalarText(e.reason))) {
    errors.push(msg('activity.medication.reason', undefined, f('reason')));
  }
  return errors;
}

/** Errors of a non-empty Medication answer, each with the field of its entry. */
export function validateMedication(q: QuestionOf<'Medication'>, a: Answer | undefined): RuleMessage[] {
  const entries = a?.medication ?? [];
  const known = memoIfPrepared(knownLists, q, makeKnown);
  const errors = entries.flatMap((e, i) => entryErrors(q, known, e, i));
  if (q.constraints.maxEntries !== undefined && entries.length > q.constraints.maxEntries) {
    errors.push(msg('activity.invalidOption', undefined, 'medication'));
  }
  return errors;
}
