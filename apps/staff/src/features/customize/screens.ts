/**
 * Per content section, the fields the generic section editor shows (decision 0034), and the texts and
 * completeness per language the content library reports from them. Pure data; the screens themselves
 * are listed in screen-list.ts.
 */
import { ONBOARDING_STEPS, type StudyContent, type StudyContentSection, type StudyText } from '@trialpath/domain';
import { CUSTOMIZE_SCREENS, type CustomizeScreen, type CustomizeScreenId } from './screen-list';

/** The sections each screen edits, in the order they show. */
export const SCREEN_SECTIONS: Record<CustomizeScreenId, readonly StudyContentSection[]> = {
  library: [],
  branding: ['branding'],
  onboarding: ['onboarding', 'welcomeScreens'],
  eligibility: ['eligibility'],
  engagementContent: ['learnMore', 'infoScreens', 'feedback'],
  registration: ['registration'],
  econsent: ['consents'],
  multieconsent: ['cohorts'],
  appStore: ['appDescription', 'videos', 'appAvailability', 'marketing'],
  webGlobal: ['webGlobal'],
  webHomepage: ['webHomepage'],
  webEligibilityScreening: ['webEligibilityScreening'],
  webAgreement: ['webAgreement'],
  webRegister: ['webRegister'],
  webPublish: ['webPublish'],
};

/** The screen that edits a section (the library links to it). */
export function screenOfSection(section: StudyContentSection): CustomizeScreen | undefined {
  return CUSTOMIZE_SCREENS.find((s) => SCREEN_SECTIONS[s.id].includes(section));
}

/** A field of a section, by its name in the section's value (or in a list item). */
export type FieldSpec =
  /** Text per study language: one line (`title`, `label`) or a few (`short`). */
  | { kind: 'text'; name: string; size: 'title' | 'label' | 'short'; required?: boolean }
  /** Rich text per study language (HTML, shown sanitised in a preview). */
  | { kind: 'rich'; name: string }
  | { kind: 'bool'; name: string; default?: boolean }
  /** A value that may stay empty (null): a web address, an e-mail address, an address slug. */
  | { kind: 'optional'; name: string; input: 'url' | 'email' | 'slug' }
  /** One of a few values. */
  | { kind: 'choice'; name: string; options: readonly string[] }
  /** Some of a few values, in an order the editor chooses (onboarding steps). */
  | { kind: 'order'; name: string; options: readonly string[] }
  /** A list of items with ids: add, edit, remove and move. */
  | { kind: 'list'; name: string; max: number; min?: number; idPrefix: string; titleField: string; fields: FieldSpec[] }
  /** The feedback quiz question's correct option: one of the question's options. */
  | { kind: 'correctOption'; name: string; optionsName: string }
  /** The registration form's fields: asked and required. */
  | { kind: 'registrationFields'; name: string }
  /** A colour (#RRGGBB) with a sample of the text colour the contrast rule picks on it. */
  | { kind: 'color'; name: string; required: boolean }
  /** A branding image (logo, icon): uploaded and removed at once, outside the section's save. */
  | { kind: 'image'; name: string; type: 'logo' | 'icon' }
  /** An icon of the icon library (decision 0040), or none: chosen in a picker, saved with the section. */
  | { kind: 'icon'; name: string }
  /** Some of the version's consents in a chosen order (a cohort's consents, D-002). */
  | { kind: 'consentOrder'; name: string };

/** A quiz: questions, each with two to ten options and its correct one (the feedback quiz, a consent's quiz). */
function quizList(...extra: FieldSpec[]): FieldSpec {
  return {
    kind: 'list',
    name: 'quiz',
    max: 50,
    idPrefix: 'quiz',
    titleField: 'question',
    fields: [
      { kind: 'text', name: 'question', size: 'short', required: true },
      {
        kind: 'list',
        name: 'options',
        max: 10,
        min: 2,
        idPrefix: 'option',
        titleField: 'text',
        fields: [{ kind: 'text', name: 'text', size: 'label', required: true }],
      },
      { kind: 'correctOption', name: 'correctOptionId', optionsName: 'options' },
      ...extra,
    ],
  };
}

export const SECTION_FIELDS: Partial<Record<StudyContentSection, FieldSpec[]>> = {
  branding: [
    { kind: 'image', name: 'logoFileId', type: 'logo' },
    { kind: 'image', name: 'iconFileId', type: 'icon' },
    { kind: 'color', name: 'primaryColor', required: true },
    { kind: 'color', name: 'secondaryColor', required: false },
  ],
  onboarding: [
    { kind: 'order', name: 'steps', options: ONBOARDING_STEPS },
    { kind: 'rich', name: 'introduction' },
  ],
  welcomeScreens: [
    {
      kind: 'list',
      name: 'screens',
      max: 20,
      idPrefix: 'welcome',
      titleField: 'title',
      fields: [
        { kind: 'text', name: 'title', size: 'title', required: true },
        { kind: 'icon', name: 'icon' },
        { kind: 'rich', name: 'body' },
      ],
    },
  ],
  eligibility: [
    { kind: 'rich', name: 'introduction' },
    {
      kind: 'list',
      name: 'questions',
      max: 50,
      idPrefix: 'question',
      titleField: 'text',
      fields: [
        { kind: 'text', name: 'text', size: 'short', required: true },
        { kind: 'choice', name: 'qualifyingAnswer', options: ['YES', 'NO'] },
      ],
    },
    { kind: 'rich', name: 'ineligibleMessage' },
  ],
  learnMore: [
    {
      kind: 'list',
      name: 'sections',
      max: 50,
      idPrefix: 'section',
      titleField: 'title',
      fields: [
        { kind: 'text', name: 'title', size: 'title', required: true },
        { kind: 'icon', name: 'icon' },
        { kind: 'rich', name: 'body' },
      ],
    },
  ],
  infoScreens: [
    {
      kind: 'list',
      name: 'screens',
      max: 50,
      idPrefix: 'info',
      titleField: 'title',
      fields: [
        { kind: 'text', name: 'title', size: 'title', required: true },
        { kind: 'icon', name: 'icon' },
        { kind: 'rich', name: 'body' },
      ],
    },
  ],
  feedback: [{ kind: 'bool', name: 'enabled' }, { kind: 'text', name: 'prompt', size: 'short' }, quizList()],
  appDescription: [
    { kind: 'text', name: 'title', size: 'title' },
    { kind: 'rich', name: 'description' },
  ],
  appAvailability: [
    { kind: 'bool', name: 'web' },
    { kind: 'bool', name: 'ios' },
    { kind: 'bool', name: 'android' },
    { kind: 'optional', name: 'iosStoreUrl', input: 'url' },
    { kind: 'optional', name: 'androidStoreUrl', input: 'url' },
  ],
  marketing: [
    { kind: 'text', name: 'headline', size: 'title' },
    { kind: 'rich', name: 'summary' },
    { kind: 'optional', name: 'contactEmail', input: 'email' },
    { kind: 'optional', name: 'recruitmentUrl', input: 'url' },
  ],
  videos: [
    {
      kind: 'list',
      name: 'items',
      max: 50,
      idPrefix: 'video',
      titleField: 'title',
      fields: [
        { kind: 'text', name: 'title', size: 'title', required: true },
        { kind: 'rich', name: 'description' },
        { kind: 'optional', name: 'url', input: 'url' },
      ],
    },
  ],
  consents: [
    {
      kind: 'list',
      name: 'items',
      max: 20,
      idPrefix: 'consent',
      titleField: 'name',
      fields: [
        { kind: 'text', name: 'name', size: 'title', required: true },
        { kind: 'bool', name: 'educationEnabled', default: true },
        { kind: 'bool', name: 'comprehensionEnabled' },
        { kind: 'bool', name: 'documentAndSignatureEnabled', default: true },
        { kind: 'bool', name: 'digitalSignatureEnabled' },
        {
          kind: 'list',
          name: 'sections',
          max: 50,
          idPrefix: 'section',
          titleField: 'title',
          fields: [
            { kind: 'text', name: 'title', size: 'title', required: true },
            { kind: 'icon', name: 'icon' },
            { kind: 'rich', name: 'body' },
          ],
        },
        quizList({ kind: 'text', name: 'explanation', size: 'short' }),
        {
          kind: 'list',
          name: 'documents',
          max: 10,
          idPrefix: 'document',
          titleField: 'title',
          fields: [
            { kind: 'text', name: 'title', size: 'title', required: true },
            { kind: 'rich', name: 'body' },
          ],
        },
        { kind: 'rich', name: 'privacyPolicy' },
        { kind: 'rich', name: 'license' },
        {
          kind: 'list',
          name: 'disclaimers',
          max: 20,
          idPrefix: 'disclaimer',
          titleField: 'text',
          fields: [
            { kind: 'text', name: 'text', size: 'short', required: true },
            { kind: 'bool', name: 'required', default: true },
          ],
        },
        {
          kind: 'list',
          name: 'optionalConsents',
          max: 20,
          idPrefix: 'optional',
          titleField: 'text',
          fields: [{ kind: 'text', name: 'text', size: 'short', required: true }],
        },
        { kind: 'text', name: 'signatureMeaning', size: 'short' },
      ],
    },
  ],
  cohorts: [
    {
      kind: 'list',
      name: 'items',
      max: 50,
      idPrefix: 'cohort',
      titleField: 'name',
      fields: [
        { kind: 'text', name: 'name', size: 'label', required: true },
        { kind: 'text', name: 'description', size: 'short' },
        { kind: 'consentOrder', name: 'consentIds' },
      ],
    },
  ],
  registration: [
    { kind: 'choice', name: 'verificationMethod', options: ['email', 'sms'] },
    { kind: 'bool', name: 'openEnrolment' },
    { kind: 'registrationFields', name: 'fields' },
    { kind: 'text', name: 'customField1Label', size: 'label' },
    { kind: 'text', name: 'customField2Label', size: 'label' },
    { kind: 'text', name: 'customField3Label', size: 'label' },
    { kind: 'bool', name: 'recordLinkage' },
    { kind: 'rich', name: 'recordLinkageStatement' },
  ],
  webGlobal: [
    { kind: 'text', name: 'siteTitle', size: 'title' },
    { kind: 'rich', name: 'header' },
    { kind: 'rich', name: 'footer' },
    { kind: 'optional', name: 'privacyPolicyUrl', input: 'url' },
    { kind: 'optional', name: 'termsUrl', input: 'url' },
    { kind: 'optional', name: 'supportEmail', input: 'email' },
  ],
  webHomepage: [
    { kind: 'text', name: 'heading', size: 'title' },
    { kind: 'rich', name: 'body' },
    { kind: 'text', name: 'callToAction', size: 'label' },
  ],
  webEligibilityScreening: [
    { kind: 'text', name: 'heading', size: 'title' },
    { kind: 'rich', name: 'introduction' },
    { kind: 'rich', name: 'eligibleMessage' },
    { kind: 'rich', name: 'ineligibleMessage' },
  ],
  webAgreement: [
    { kind: 'text', name: 'heading', size: 'title' },
    { kind: 'rich', name: 'body' },
    { kind: 'text', name: 'acceptLabel', size: 'label' },
    { kind: 'text', name: 'declineLabel', size: 'label' },
  ],
  webRegister: [
    { kind: 'text', name: 'heading', size: 'title' },
    { kind: 'rich', name: 'introduction' },
    { kind: 'text', name: 'submitLabel', size: 'label' },
    { kind: 'rich', name: 'completedMessage' },
  ],
  webPublish: [
    { kind: 'bool', name: 'published' },
    { kind: 'optional', name: 'slug', input: 'slug' },
    { kind: 'text', name: 'searchDescription', size: 'short' },
  ],
};

function textsOf(fields: readonly FieldSpec[], value: Record<string, unknown>, out: StudyText[]) {
  for (const field of fields) {
    const v = value[field.name];
    if (field.kind === 'text' || field.kind === 'rich') out.push((v ?? {}) as StudyText);
    else if (field.kind === 'list' && Array.isArray(v))
      for (const item of v) textsOf(field.fields, item as Record<string, unknown>, out);
  }
  return out;
}

/** Every text of a section's value (list items' texts included), as the section's fields name them. */
export function sectionTexts<S extends StudyContentSection>(section: S, value: StudyContent[S]): StudyText[] {
  return textsOf(SECTION_FIELDS[section] ?? [], value as Record<string, unknown>, []);
}

const blank = (t: string | undefined) => t === undefined || t.trim() === '';

/**
 * How complete a section is per language: of the texts written in some language, how many are
 * written in each of the study's languages (a missing translation is a text written elsewhere only).
 */
export function sectionCompleteness(texts: readonly StudyText[], languages: readonly string[]) {
  const written = texts.filter((t) => Object.values(t).some((s) => !blank(s)));
  return {
    texts: written.length,
    perLanguage: Object.fromEntries(
      languages.map((l) => [l, written.filter((t) => !blank(Object.hasOwn(t, l) ? t[l] : undefined)).length]),
    ) as Record<string, number>,
  };
}
