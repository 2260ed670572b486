/**
 * The study's consents (000 §3, §7.5; decision D-018): each with its name, the four flags, education
 * sections, comprehension quiz, documents to sign, privacy policy, licence, disclaimers and optional
 * consents, every text per study language. Cohorts (content-app.ts) list consents in order. A consent
 * belongs to a study version, so a changed consent is a new version; what a participant signed is the
 * consent as that version held it.
 */
import { z } from 'zod';
import { FileIdSchema, optionalValue, type TextKit } from './content-fields';
import { IconIdSchema } from './icons';
import { ItemIdSchema, keyedById } from './keyed';
import type { StudyText } from './localized';

function fieldIssue(path: PropertyKey[], messageKey: string) {
  return { code: 'custom' as const, path, message: messageKey, params: { messageKey } };
}

/** The most consents a version holds, and of each part per consent. */
export const CONSENT_LIMITS = {
  consents: 20,
  sections: 50,
  quiz: 50,
  options: 10,
  documents: 10,
  disclaimers: 20,
  optionalConsents: 20,
} as const;

function consentSchema(t: TextKit) {
  return z
    .object({
      id: ItemIdSchema,
      name: t.title(),
      /** Education: the sections are shown before anything else. */
      educationEnabled: z.boolean().default(true),
      /** Comprehension: the quiz must be answered right before signing (a wrong answer explains and asks again). */
      comprehensionEnabled: z.boolean().default(false),
      /** The documents are shown and signed with a Part 11 electronic signature. */
      documentAndSignatureEnabled: z.boolean().default(true),
      /** The participant also draws their signature (kept as an image beside the typed name). */
      digitalSignatureEnabled: z.boolean().default(false),
      sections: keyedById(
        z.object({ id: ItemIdSchema, title: t.title(), icon: optionalValue(IconIdSchema), body: t.rich() }).strict(),
        CONSENT_LIMITS.sections,
      ).default([]),
      quiz: keyedById(
        z
          .object({
            id: ItemIdSchema,
            question: t.short(),
            options: keyedById(z.object({ id: ItemIdSchema, text: t.label() }).strict(), CONSENT_LIMITS.options).min(2),
            correctOptionId: ItemIdSchema,
            /** Shown after a wrong answer, before the question is asked again. */
            explanation: t.optionalShort(),
          })
          .strict()
          .superRefine((q, ctx) => {
            if (!q.options.some((o) => o.id === q.correctOptionId))
              ctx.addIssue(fieldIssue(['correctOptionId'], 'studyContent.correctOptionMissing'));
          }),
        CONSENT_LIMITS.quiz,
      ).default([]),
      documents: keyedById(
        z
          .object({ id: ItemIdSchema, title: t.title(), body: t.document(), fileId: optionalValue(FileIdSchema) })
          .strict(),
        CONSENT_LIMITS.documents,
      ).default([]),
      privacyPolicy: t.rich(),
      license: t.rich(),
      /** Statements the participant ticks before signing; a required one must be ticked. */
      disclaimers: keyedById(
        z.object({ id: ItemIdSchema, text: t.short(), required: z.boolean().default(true) }).strict(),
        CONSENT_LIMITS.disclaimers,
      ).default([]),
      /** Yes/no choices that do not decide taking part (e.g. keeping samples for future research). */
      optionalConsents: keyedById(
        z.object({ id: ItemIdSchema, text: t.short() }).strict(),
        CONSENT_LIMITS.optionalConsents,
      ).default([]),
      /** What the signature means, shown before signing; empty: the catalogue's `consent.signatureMeaning`. */
      signatureMeaning: t.optionalShort(),
    })
    .strict();
}

export const CONSENT_SECTION_BUILDERS = {
  consents: (t: TextKit) =>
    z.object({ items: keyedById(consentSchema(t), CONSENT_LIMITS.consents).default([]) }).strict(),
};

export type Consent = z.output<ReturnType<typeof consentSchema>>;

/** The parts of a consent saved one at a time (000 §7.5's calls per part). */
export const CONSENT_PARTS = [
  'sections',
  'quiz',
  'documents',
  'privacyPolicy',
  'license',
  'disclaimers',
  'optionalConsents',
] as const;
export type ConsentPart = (typeof CONSENT_PARTS)[number];

/** One consent's schema under the given rules (a study's languages), or one part of it. */
export function consentItemSchema(t: TextKit) {
  return consentSchema(t);
}

/** Every text of a consent, each with a path that names it (for per-language deletion and completeness). */
export function consentTexts(c: Consent): { path: string; text: StudyText }[] {
  const out: { path: string; text: StudyText }[] = [{ path: 'name', text: c.name }];
  c.sections.forEach((s) => {
    out.push({ path: `sections.${s.id}.title`, text: s.title }, { path: `sections.${s.id}.body`, text: s.body });
  });
  c.quiz.forEach((q) => {
    out.push(
      { path: `quiz.${q.id}.question`, text: q.question },
      { path: `quiz.${q.id}.explanation`, text: q.explanation },
    );
    q.options.forEach((o) => {
      out.push({ path: `quiz.${q.id}.options.${o.id}`, text: o.text });
    });
  });
  c.documents.forEach((d) => {
    out.push({ path: `documents.${d.id}.title`, text: d.title }, { path: `documents.${d.id}.body`, text: d.body });
  });
  out.push({ path: 'privacyPolicy', text: c.privacyPolicy }, { path: 'license', text: c.license });
  c.disclaimers.forEach((d) => {
    out.push({ path: `disclaimers.${d.id}`, text: d.text });
  });
  c.optionalConsents.forEach((o) => {
    out.push({ path: `optionalConsents.${o.id}`, text: o.text });
  });
  out.push({ path: 'signatureMeaning', text: c.signatureMeaning });
  return out;
}

/** The languages a consent is written in: those its name has, in the study's order. */
export function consentLanguages(c: Consent, studyLanguages: readonly string[]): string[] {
  return studyLanguages.filter((l) => (c.name[l] ?? '').trim() !== '');
}

const drop = (text: StudyText, language: string): StudyText =>
  Object.fromEntries(Object.entries(text).filter(([l]) => l !== language));

/** The consent with every text of one language removed (000 §7.5 "deletion per language"). */
export function consentWithoutLanguage(c: Consent, language: string): Consent {
  const d = (text: StudyText) => drop(text, language);
  return {
    ...c,
    name: d(c.name),
    sections: c.sections.map((s) => ({ ...s, title: d(s.title), body: d(s.body) })),
    quiz: c.quiz.map((q) => ({
      ...q,
      question: d(q.question),
      explanation: d(q.explanation),
      options: q.options.map((o) => ({ ...o, text: d(o.text) })),
    })),
    documents: c.documents.map((doc) => ({ ...doc, title: d(doc.title), body: d(doc.body) })),
    privacyPolicy: d(c.privacyPolicy),
    license: d(c.license),
    disclaimers: c.disclaimers.map((x) => ({ ...x, text: d(x.text) })),
    optionalConsents: c.optionalConsents.map((x) => ({ ...x, text: d(x.text) })),
    signatureMeaning: d(c.signatureMeaning),
  };
}

/** Is this the quiz question's right answer? */
export function isQuizAnswerCorrect(c: Consent, questionId: string, optionId: string): boolean {
  return c.quiz.some((q) => q.id === questionId && q.correctOptionId === optionId);
}

interface CohortLike {
  id: string;
  consentIds: readonly string[];
}

/**
 * The consents a participant of a cohort signs, in the cohort's order; with no cohort (or a study
 * without cohorts) every consent of the version in its order.
 */
export function consentsForCohort<C extends { id: string }>(
  consents: readonly C[],
  cohorts: readonly CohortLike[],
  cohortId: string | null,
): C[] {
  const cohort = cohortId ? cohorts.find((c) => c.id === cohortId) : undefined;
  if (!cohort) return [...consents];
  const byId = new Map(consents.map((c) => [c.id, c]));
  return cohort.consentIds.flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}

/** Cohorts that name a consent the version does not have: `[cohortIndex, consentIdIndex]` pairs. */
export function unknownCohortConsents(consents: readonly { id: string }[], cohorts: readonly CohortLike[]) {
  const ids = new Set(consents.map((c) => c.id));
  const out: { cohortIndex: number; index: number; consentId: string }[] = [];
  cohorts.forEach((cohort, cohortIndex) => {
    cohort.consentIds.forEach((consentId, index) => {
      if (!ids.has(consentId)) out.push({ cohortIndex, index, consentId });
    });
  });
  return out;
}

/**
 * The consent as one canonical text (object keys sorted, no spaces): what its content hash is taken of, so
 * the same consent hashes the same on every machine whatever order its keys were stored in.
 */
export function canonicalConsent(c: Consent): string {
  const canonical = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
    }
    return JSON.stringify(v);
  };
  return canonical(c);
}
