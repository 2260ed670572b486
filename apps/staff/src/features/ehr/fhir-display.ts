/** Short readings of FHIR R4 resources for the EHR records (decision H-epic-mychart): what a person looks for first. */
type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A CodeableConcept's text, else its first coding's display, else its code. */
export function conceptText(v: unknown): string | null {
  const c = obj(v);
  const coding = arr(c.coding)[0] ?? {};
  return str(c.text) ?? str(coding.display) ?? str(coding.code);
}

/** A HumanName list's official (else first) name: given names then family name. */
export function patientName(patient: Json): string | null {
  const names = arr(patient.name);
  const n = names.find((x) => x.use === 'official') ?? names[0];
  if (!n) return null;
  const given = Array.isArray(n.given) ? n.given.filter((g) => typeof g === 'string') : [];
  return [...given, str(n.family)].filter(Boolean).join(' ') || str(n.text);
}

/** An Observation's value: a quantity with its unit, a text, a concept, a boolean or a number. */
export function observationValue(o: Json): string | null {
  const q = obj(o.valueQuantity);
  if (typeof q.value === 'number') return [q.value, str(q.unit) ?? str(q.code)].filter((x) => x !== null).join(' ');
  if (typeof o.valueString === 'string') return o.valueString;
  if (o.valueCodeableConcept) return conceptText(o.valueCodeableConcept);
  if (typeof o.valueBoolean === 'boolean') return String(o.valueBoolean);
  if (typeof o.valueInteger === 'number') return String(o.valueInteger);
  return null;
}

/** When an Observation was made (effective, else issued). */
export const observationWhen = (o: Json) =>
  str(o.effectiveDateTime) ?? str(obj(o.effectivePeriod).start) ?? str(o.issued);

/** When a Condition began (onset, else recorded). */
export const conditionWhen = (c: Json) => str(c.onsetDateTime) ?? str(c.recordedDate);

/** A MedicationRequest's medicine. */
export const medicationText = (m: Json) =>
  conceptText(m.medicationCodeableConcept) ?? str(obj(m.medicationReference).display);
