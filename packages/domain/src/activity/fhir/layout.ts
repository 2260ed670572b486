/**
 * The linkIds of an activity's items. A question's linkId is its identifier; a medication question's
 * fields are items of their own, `<linkId>.name` and so on, unless another linkId already has that
 * text (a question may be called `meds.name`): then `_` is added until it is free. Identifiers that
 * are not FHIR strings (a no-break space) get a generated linkId; the identifier itself travels in
 * the question's definition extension. The same activity always gives the same layout, so a
 * response is read back with the layout it was written with.
 */
import type { Activity, Question } from '../model';
import { FHIR_STRING, fhirString } from './values';

export const MEDICATION_FIELDS = ['name', 'dosageAmount', 'dosageUnit', 'numberOfDoses', 'reason'] as const;
export type MedicationField = (typeof MEDICATION_FIELDS)[number];

export interface FhirLayout {
  /** linkId per question identifier. */
  linkIdOf: ReadonlyMap<string, string>;
  /** Question per top-level linkId. */
  questionAt: ReadonlyMap<string, Question>;
  /** Per medication question identifier: the linkId of each field item, and the field of each linkId. */
  medication: ReadonlyMap<string, { linkIds: Record<MedicationField, string>; fieldAt: Map<string, MedicationField> }>;
}

export function fhirLayout(activity: Activity): FhirLayout {
  const taken = new Set<string>();
  const linkIdOf = new Map<string, string>();
  // identifiers that are FHIR strings keep their text, and are taken first so nothing generated meets them
  for (const q of activity.questions) {
    if (FHIR_STRING.test(q.identifier) && !taken.has(q.identifier)) {
      linkIdOf.set(q.identifier, q.identifier);
      taken.add(q.identifier);
    }
  }
  const free = (base: string) => {
    let id = base;
    while (taken.has(id)) id += '_';
    taken.add(id);
    return id;
  };
  for (const q of activity.questions) {
    if (!linkIdOf.has(q.identifier)) linkIdOf.set(q.identifier, free(fhirString(q.identifier)));
  }
  const questionAt = new Map(activity.questions.map((q) => [linkIdOf.get(q.identifier) as string, q]));
  const medication = new Map<
    string,
    { linkIds: Record<MedicationField, string>; fieldAt: Map<string, MedicationField> }
  >();
  for (const q of activity.questions) {
    if (q.type !== 'Medication') continue;
    const own = linkIdOf.get(q.identifier) as string;
    const linkIds = Object.fromEntries(MEDICATION_FIELDS.map((f) => [f, free(`${own}.${f}`)])) as Record<
      MedicationField,
      string
    >;
    medication.set(q.identifier, {
      linkIds,
      fieldAt: new Map(MEDICATION_FIELDS.map((f) => [linkIds[f], f])),
    });
  }
  return { linkIdOf, questionAt, medication };
}
