import { describe, expect, it } from 'vitest';
import {
  type Consent,
  canonicalConsent,
  consentItemSchema,
  consentLanguages,
  consentsForCohort,
  consentTexts,
  consentWithoutLanguage,
  isQuizAnswerCorrect,
  unknownCohortConsents,
} from './content-consent';
import { textKit } from './content-fields';
import { studyContentSectionSchema } from './content';

const consent: Consent = consentItemSchema(textKit({})).parse({
  id: 'main',
  name: { en: 'Main', es: 'Principal' },
  sections: [{ id: 's', title: { en: 'Why', es: 'Por qué' }, body: { en: '<p>x</p>', es: '<p>y</p>' } }],
  quiz: [
    {
      id: 'q',
      question: { en: 'Leave?', es: '¿Salir?' },
      options: [
        { id: 'yes', text: { en: 'Yes', es: 'Sí' } },
        { id: 'no', text: { en: 'No', es: 'No' } },
      ],
      correctOptionId: 'yes',
      explanation: { es: 'Voluntario' },
    },
  ],
  documents: [{ id: 'd', title: { en: 'Form', es: 'Formulario' }, body: { es: '<p>Acepto</p>' } }],
  privacyPolicy: { es: 'Privacidad' },
  license: { es: 'Licencia' },
  disclaimers: [{ id: 'x', text: { en: 'Read', es: 'Leído' } }],
  optionalConsents: [{ id: 'o', text: { en: 'Samples', es: 'Muestras' } }],
  signatureMeaning: { es: 'Significado' },
});

describe('a consent (D-001 … D-006)', () => {
  it('takes the flags’ defaults: education, document and signature on; comprehension and drawing off', () => {
    expect(consent).toMatchObject({
      educationEnabled: true,
      comprehensionEnabled: false,
      documentAndSignatureEnabled: true,
      digitalSignatureEnabled: false,
    });
    expect(consent.disclaimers[0]!.required).toBe(true);
  });

  it('refuses a quiz whose right answer is not one of its options, and a repeated consent id', () => {
    const quiz = [{ ...consent.quiz[0], correctOptionId: 'maybe' }];
    const r = consentItemSchema(textKit({})).safeParse({ ...consent, quiz });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['quiz', 0, 'correctOptionId']);
    const section = studyContentSectionSchema('consents').safeParse({ items: [consent, consent] });
    expect(section.success).toBe(false);
  });

  it('names every text with a path, and is written in the languages its name has', () => {
    const paths = consentTexts(consent).map((t) => t.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'sections.s.title',
        'quiz.q.options.no',
        'documents.d.body',
        'disclaimers.x',
        'optionalConsents.o',
        'signatureMeaning',
      ]),
    );
    expect(consentLanguages(consent, ['en', 'es', 'fr'])).toEqual(['en', 'es']);
  });

  it('loses every text of one language, and only that language (D-017)', () => {
    const en = consentWithoutLanguage(consent, 'es');
    for (const { text } of consentTexts(en)) expect(Object.keys(text)).not.toContain('es');
    expect(en.name).toEqual({ en: 'Main' });
    expect(en.quiz[0]!.options[0]!.text).toEqual({ en: 'Yes' });
    expect(consentLanguages(en, ['en', 'es'])).toEqual(['en']);
  });

  it('knows the quiz’s right answer', () => {
    expect(isQuizAnswerCorrect(consent, 'q', 'yes')).toBe(true);
    expect(isQuizAnswerCorrect(consent, 'q', 'no')).toBe(false);
    expect(isQuizAnswerCorrect(consent, 'other', 'yes')).toBe(false);
  });
});

describe('cohorts and their consents (D-002)', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const cohorts = [{ id: 'arm', consentIds: ['b', 'gone', 'a'] }];

  it('a cohort’s consents in its order, unknown ones left out; no cohort: every consent', () => {
    expect(consentsForCohort([a, b], cohorts, 'arm')).toEqual([b, a]);
    expect(consentsForCohort([a, b], cohorts, null)).toEqual([a, b]);
    expect(consentsForCohort([a, b], cohorts, 'other')).toEqual([a, b]);
  });

  it('names the entries of a cohort that point at no consent', () => {
    expect(unknownCohortConsents([a, b], cohorts)).toEqual([{ cohortIndex: 0, index: 1, consentId: 'gone' }]);
    expect(unknownCohortConsents([a, b], [{ id: 'ok', consentIds: ['a'] }])).toEqual([]);
  });
});

describe('the canonical text a signature is bound to', () => {
  it('is the same whatever order the keys were stored in, and changes with any text', () => {
    const reordered = Object.fromEntries(Object.entries(consent).reverse()) as Consent;
    expect(canonicalConsent(reordered)).toBe(canonicalConsent(consent));
    const changed = { ...consent, name: { ...consent.name, en: 'Main!' } };
    expect(canonicalConsent(changed)).not.toBe(canonicalConsent(consent));
    expect(canonicalConsent({ ...consent, extra: undefined } as Consent)).toBe(canonicalConsent(consent));
  });
});
