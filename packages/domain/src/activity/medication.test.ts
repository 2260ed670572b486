import { describe, expect, it } from 'vitest';
import type { MedicationEntry } from './answer';
import { type QuestionOf, QuestionSchema } from './model';
import { messageText } from './result';
import { validateQuestion } from './validate-question';

const make = (constraints: object) =>
  QuestionSchema.parse({
    id: 'm',
    identifier: 'meds',
    type: 'Medication',
    body: { en: 'Medications' },
    constraints: { medications: [{ id: 'ibu', name: { en: 'Ibuprofen' } }], units: ['mg'], ...constraints },
  }) as QuestionOf<'Medication'>;
const withReasons = make({ reasons: [{ id: 'pain', body: { en: 'Pain' } }] });
const noReasons = make({});
const listOnly = make({ allowOther: false });
const ok: MedicationEntry = { medicationId: 'ibu', dosageUnit: 'mg', numberOfDoses: 1 };
const texts = (q: QuestionOf<'Medication'>, entries: MedicationEntry[], lang = 'en') =>
  validateQuestion(q, { medication: entries }).errors.map((m) => `${m.field}: ${messageText(m, lang)}`);

describe('medication (001 §5, decision B-082)', () => {
  it.each([
    ['listed drug, no amount needed', noReasons, [ok], []],
    [
      'no name',
      noReasons,
      [{ dosageAmount: 5, dosageUnit: 'mg', numberOfDoses: 1 }],
      ['medication.0.name: Medication name is required.'],
    ],
    [
      'other drug needs an amount',
      noReasons,
      [{ name: 'Aspirin', dosageUnit: 'mg', numberOfDoses: 1 }],
      ['medication.0.dosageAmount: Medication dosage amount, such as 250, is required.'],
    ],
    [
      'non-listed id needs a name and an amount',
      noReasons,
      [{ medicationId: 'zzz', dosageUnit: 'mg', numberOfDoses: 1 }],
      [
        'medication.0.name: Medication name is required.',
        'medication.0.dosageAmount: Medication dosage amount, such as 250, is required.',
      ],
    ],
    [
      'other drug not allowed',
      listOnly,
      [{ name: 'Aspirin', dosageAmount: '250', dosageUnit: 'mg', numberOfDoses: 1 }],
      ['medication.0.name: Medication name is required.'],
    ],
    [
      'bad amount',
      noReasons,
      [{ ...ok, dosageAmount: '-3' }],
      ['medication.0.dosageAmount: Medication dosage amount must be a number greater than 0.'],
    ],
    [
      'unit required',
      noReasons,
      [{ ...ok, dosageUnit: '' }],
      ['medication.0.dosageUnit: Medication dosage unit is required.'],
    ],
    [
      'unit from the list',
      noReasons,
      [{ ...ok, dosageUnit: 'tablets' }],
      ['medication.0.dosageUnit: Medication dosage unit is required.'],
    ],
    [
      'doses required',
      noReasons,
      [{ ...ok, numberOfDoses: null }],
      ['medication.0.numberOfDoses: Number of doses is required.'],
    ],
    [
      'doses above 0',
      noReasons,
      [{ ...ok, numberOfDoses: 0 }],
      ['medication.0.numberOfDoses: Number of doses must be a whole number greater than 0.'],
    ],
    [
      'doses whole',
      noReasons,
      [{ ...ok, numberOfDoses: '1.5' }],
      ['medication.0.numberOfDoses: Number of doses must be a whole number greater than 0.'],
    ],
    [
      'doses under 3 digits',
      noReasons,
      [{ ...ok, numberOfDoses: 100 }],
      ['medication.0.numberOfDoses: Number of doses must be less than 3 digits.'],
    ],
    ['99 doses', noReasons, [{ ...ok, numberOfDoses: '99' }], []],
    ['reason when listed', withReasons, [ok], ['medication.0.reason: Reason for use required.']],
    ['reason given', withReasons, [{ ...ok, reason: 'pain' }], []],
    [
      'second entry',
      noReasons,
      [ok, { ...ok, dosageUnit: null }],
      ['medication.1.dosageUnit: Medication dosage unit is required.'],
    ],
  ] as const)('%s', (_, q, entries, expected) => expect(texts(q, [...entries] as MedicationEntry[])).toEqual(expected));

  it('max entries', () => {
    expect(texts(make({ maxEntries: 1 }), [ok, ok])).toEqual(['medication: Please select one of the answers offered.']);
  });

  it('Spanish', () => {
    expect(texts(withReasons, [{}], 'es')).toEqual([
      'medication.0.name: El nombre del medicamento es obligatorio.',
      'medication.0.dosageAmount: La cantidad de la dosis del medicamento, por ejemplo 250, es obligatoria.',
      'medication.0.dosageUnit: La unidad de la dosis del medicamento es obligatoria.',
      'medication.0.numberOfDoses: El número de dosis es obligatorio.',
      'medication.0.reason: El motivo de uso es obligatorio.',
    ]);
  });
});
