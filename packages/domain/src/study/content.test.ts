import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDY_COLOR } from '../color';
import { STUDY_SECTION_TITLES } from '../messages/study-catalogue';
import { issueFieldRefs } from '../messages/validation-issues';
import {
  brandingColors,
  defaultStudyContent,
  sectionPathSegment,
  sectionTitleKey,
  STUDY_CONTENT_SECTION_SCHEMAS,
  STUDY_CONTENT_SECTIONS,
  type StudyContentSection,
  StudyContentSchema,
  studyContentSectionSchema,
} from './content';
import { ONBOARDING_STEPS } from './content-app';

const STUDY = { defaultLanguage: 'en', languages: ['en', 'es'] };
const FILE = '6f1c2a8e-3b7d-4c1e-9a2f-0d8e7b6c5a41';

/** The first field message of each failing field, as `field: key`. */
function problems(section: StudyContentSection, value: unknown, rules = {}) {
  const r = studyContentSectionSchema(section, rules).safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(
    Object.entries(issueFieldRefs(r.error.issues, value, 'value')).map(([f, refs]) => [f, refs[0]!.key]),
  );
}

describe('study content: every section has a default', () => {
  it('a new study starts complete, with the default teal and every onboarding step', () => {
    const content = defaultStudyContent();
    expect(Object.keys(content)).toEqual([...STUDY_CONTENT_SECTIONS]);
    expect(content.branding).toEqual({
      logoFileId: null,
      iconFileId: null,
      primaryColor: DEFAULT_STUDY_COLOR,
      secondaryColor: null,
    });
    expect(content.onboarding.steps).toEqual([...ONBOARDING_STEPS]);
    expect(content.welcomeScreens).toEqual({ screens: [] });
    expect(content.registration.fields.email).toEqual({ asked: true, required: true });
    expect(content.registration.verificationMethod).toBe('email');
    expect(content.webPublish).toEqual({ published: false, slug: null, searchDescription: {} });
  });

  it('forced spirometry (decision 0045) starts disabled, 3 to 8 efforts, 150 mL, PEF recorded, alert below 70 %', () => {
    expect(defaultStudyContent().spirometry).toEqual({
      enabled: false,
      minEfforts: 3,
      maxEfforts: 8,
      repeatabilityMl: 150,
      recordPef: true,
      lowRatioAlertPercent: 70,
    });
    const { spirometry: _omitted, ...older } = defaultStudyContent();
    expect(StudyContentSchema.parse(older).spirometry.enabled).toBe(false);
  });

  it('a stored content missing a section (added later to the model) reads as its default', () => {
    const { videos: _omitted, ...older } = defaultStudyContent();
    expect(StudyContentSchema.parse(older).videos).toEqual({ items: [] });
  });

  it('refuses a section it does not know', () => {
    expect(StudyContentSchema.safeParse({ surprises: {} }).success).toBe(false);
  });

  it('every section has an address segment and a title in both languages', () => {
    expect(sectionPathSegment('welcomeScreens')).toBe('welcome-screens');
    expect(sectionPathSegment('webEligibilityScreening')).toBe('web-eligibility-screening');
    expect(new Set(STUDY_CONTENT_SECTIONS.map(sectionPathSegment)).size).toBe(STUDY_CONTENT_SECTIONS.length);
    for (const s of STUDY_CONTENT_SECTIONS) {
      const title = STUDY_SECTION_TITLES[sectionTitleKey(s)];
      expect(title.en, s).not.toBe('');
      expect(title.es, s).not.toBe('');
    }
  });

  it('every section schema can be described in the OpenAPI document', () => {
    for (const s of STUDY_CONTENT_SECTIONS) {
      expect(() => z.toJSONSchema(STUDY_CONTENT_SECTION_SCHEMAS[s], { io: 'input' })).not.toThrow();
    }
  });
});

describe('list items carry ids unique in their list', () => {
  const screen = (id: string) => ({ id, title: { en: `Screen ${id}` } });

  it('keeps the order given', () => {
    const v = STUDY_CONTENT_SECTION_SCHEMAS.welcomeScreens.parse({ screens: [screen('b'), screen('a')] });
    expect(v.screens.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('refuses a repeated id on the repeated item, naming it', () => {
    const value = { screens: [screen('a'), screen('b'), screen('a')] };
    const r = STUDY_CONTENT_SECTION_SCHEMAS.welcomeScreens.safeParse(value);
    expect(issueFieldRefs(r.error!.issues, value, 'value')).toEqual({
      'screens.2.id': [{ key: 'studyContent.duplicateId', params: { id: 'a' } }],
    });
  });

  it.each(['', 'a.b', 'a b', 'x'.repeat(65), '$order'])('refuses the id %j', (id) => {
    expect(problems('welcomeScreens', { screens: [screen(id)] })['screens.0.id']).toBe('errors.invalidFormat');
  });

  it('refuses a repeated onboarding step', () => {
    expect(problems('onboarding', { steps: ['welcome', 'consent', 'welcome'] })).toEqual({
      'steps.2': 'studyContent.duplicateValue',
    });
  });

  it('bounds the length of every list', () => {
    const many = Array.from({ length: 21 }, (_, i) => screen(`s${i}`));
    expect(problems('welcomeScreens', { screens: many })).toEqual({ screens: 'errors.tooMany' });
  });
});

describe("texts under one study's languages", () => {
  it('a welcome screen needs its title in the default language, and only study languages', () => {
    expect(problems('welcomeScreens', { screens: [{ id: 'w1', title: { es: 'Hola', fr: 'Salut' } }] }, STUDY)).toEqual({
      'screens.0.title.fr': 'studyContent.languageNotInStudy',
      'screens.0.title.en': 'studyContent.textRequiredIn',
    });
    expect(problems('welcomeScreens', { screens: [{ id: 'w1', title: { en: 'Hi' } }] }, STUDY)).toEqual({});
  });

  it('rich bodies lose unsafe markup wherever they are', () => {
    const v = studyContentSectionSchema('learnMore', STUDY).parse({
      sections: [{ id: 'l1', title: { en: 'Why' }, body: { en: '<p>Why<img src=x onerror=alert(1)></p>' } }],
    });
    expect(v.sections[0]!.body).toEqual({ en: '<p>Why<img src=x></p>' });
  });
});

describe('section rules', () => {
  it.each([
    ['branding', { primaryColor: 'teal' }, { primaryColor: 'errors.invalidFormat' }],
    ['branding', { primaryColor: '#00897' }, { primaryColor: 'errors.invalidFormat' }],
    ['branding', { logoFileId: 'logo.png' }, { logoFileId: 'errors.invalidFormat' }],
    ['branding', { favicon: FILE }, { favicon: 'errors.unknownField' }],
    ['onboarding', { steps: ['welcome', 'tour'] }, { 'steps.1': 'errors.invalidValue' }],
    [
      'eligibility',
      { questions: [{ id: 'q1', text: { en: 'Are you 18?' }, qualifyingAnswer: 'MAYBE' }] },
      { 'questions.0.qualifyingAnswer': 'errors.invalidValue' },
    ],
    ['eligibility', { questions: [{ id: 'q1', qualifyingAnswer: 'YES' }] }, { 'questions.0.text': 'errors.required' }],
    [
      'feedback',
      {
        quiz: [
          {
            id: 'q1',
            question: { en: 'Q' },
            options: [
              { id: 'a', text: { en: 'A' } },
              { id: 'b', text: { en: 'B' } },
            ],
            correctOptionId: 'c',
          },
        ],
      },
      { 'quiz.0.correctOptionId': 'studyContent.correctOptionMissing' },
    ],
    [
      'feedback',
      { quiz: [{ id: 'q1', question: { en: 'Q' }, options: [{ id: 'a', text: { en: 'A' } }], correctOptionId: 'a' }] },
      { 'quiz.0.options': 'errors.tooFew' },
    ],
    ['appAvailability', { iosStoreUrl: 'javascript:alert(1)' }, { iosStoreUrl: 'errors.invalidFormat' }],
    ['appAvailability', { ios: 'yes' }, { ios: 'errors.invalidValue' }],
    ['marketing', { contactEmail: 'not an address' }, { contactEmail: 'errors.invalidEmail' }],
    ['healthAccess', { enabled: true }, { dataTypes: 'errors.tooFew' }],
    ['healthAccess', { dataTypes: ['dna'] }, { 'dataTypes.0': 'errors.invalidValue' }],
    [
      'registration',
      { fields: { dateOfBirth: { asked: false, required: true } } },
      { 'fields.dateOfBirth.required': 'studyContent.requiredNotAsked' },
    ],
    [
      'registration',
      { fields: { customField2: { asked: true, required: false } }, customField2Label: { en: '  ' } },
      { customField2Label: 'studyContent.customFieldLabel' },
    ],
    [
      'registration',
      { verificationMethod: 'sms' },
      { 'fields.mobile.required': 'studyContent.verificationFieldRequired' },
    ],
    [
      'registration',
      { fields: { email: { asked: true, required: false } } },
      { 'fields.email.required': 'studyContent.verificationFieldRequired' },
    ],
    [
      'registration',
      { fields: { password: { asked: true, required: true } } },
      { 'fields.password': 'errors.unknownField' },
    ],
    ['videos', { items: [{ id: 'v1', title: { en: 'Intro' } }] }, { 'items.0.url': 'studyContent.videoSource' }],
    [
      'videos',
      { items: [{ id: 'v1', title: { en: 'Intro' }, fileId: FILE, url: 'https://example.org/v.mp4' }] },
      { 'items.0.url': 'studyContent.videoSource' },
    ],
    ['cohorts', { items: [{ id: 'c1', name: {} }] }, { 'items.0.name': 'errors.required' }],
    ['webGlobal', { supportEmail: 'help' }, { supportEmail: 'errors.invalidEmail' }],
    ['webHomepage', { heroImageFileId: 'x' }, { heroImageFileId: 'errors.invalidFormat' }],
    ['webPublish', { published: true }, { slug: 'errors.required' }],
    ['webPublish', { slug: 'My Study' }, { slug: 'errors.invalidFormat' }],
    ['spirometry', { minEfforts: 2 }, { minEfforts: 'errors.tooSmall' }],
    ['spirometry', { minEfforts: 5, maxEfforts: 4 }, { maxEfforts: 'spirometry.maxBelowMin' }],
    ['spirometry', { repeatabilityMl: 300 }, { repeatabilityMl: 'errors.tooLarge' }],
    ['spirometry', { lowRatioAlertPercent: 95 }, { lowRatioAlertPercent: 'errors.tooLarge' }],
    ['spirometry', { device: 'x' }, { device: 'errors.unknownField' }],
  ] as [StudyContentSection, unknown, Record<string, string>][])('%s: %j → %j', (section, value, expected) => {
    expect(problems(section, value)).toEqual(expected);
  });

  it.each([
    ['branding', { primaryColor: '#1A2B3C', secondaryColor: '#ffffff', logoFileId: FILE }],
    [
      'registration',
      {
        fields: {
          customField1: { asked: true, required: true },
          parentOrCgFirstName: { asked: true, required: false },
        },
        customField1Label: { en: 'Referring clinic' },
      },
    ],
    [
      'feedback',
      {
        enabled: true,
        quiz: [
          {
            id: 'q1',
            question: { en: 'Q' },
            options: [
              { id: 'a', text: { en: 'A' } },
              { id: 'b', text: { en: 'B' } },
            ],
            correctOptionId: 'b',
          },
        ],
      },
    ],
    ['healthAccess', { enabled: true, dataTypes: ['steps', 'sleep'] }],
    ['registration', { verificationMethod: 'sms', fields: { mobile: { asked: true, required: true } } }],
    ['videos', { items: [{ id: 'v1', title: { en: 'Intro' }, url: 'https://example.org/v.mp4' }] }],
    ['webPublish', { published: true, slug: 'sleep-study-2026' }],
    ['appAvailability', { ios: true, iosStoreUrl: 'https://apps.apple.com/app/id1' }],
    ['webAgreement', { heading: { en: 'Agreement' }, acceptLabel: { en: 'I agree' } }],
    ['webRegister', { submitLabel: { en: 'Register' } }],
    ['webEligibilityScreening', { eligibleMessage: { en: '<p>You may take part.</p>' } }],
    ['appDescription', { title: { en: 'Sleep' }, description: { en: '<p>About</p>' } }],
    ['infoScreens', { screens: [{ id: 'i1', title: { en: 'Info' }, imageFileId: FILE }] }],
    ['marketing', { headline: { en: 'Join' }, contactEmail: 'study@example.org' }],
    ['spirometry', { enabled: true, minEfforts: 4, maxEfforts: 6, repeatabilityMl: 100, lowRatioAlertPercent: 65.5 }],
  ] as [StudyContentSection, unknown][])('%s accepts %j', (section, value) => {
    expect(problems(section, value)).toEqual({});
  });
});

describe('branding colours (C-129, C-130)', () => {
  it('pick black text on light colours and white on dark ones; the default teal takes white', () => {
    expect(brandingColors({ primaryColor: DEFAULT_STUDY_COLOR, secondaryColor: null })).toEqual({
      primary: DEFAULT_STUDY_COLOR,
      onPrimary: '#FFFFFF',
      secondary: null,
      onSecondary: null,
    });
    expect(brandingColors({ primaryColor: '#FFEB3B', secondaryColor: '#1A237E' })).toMatchObject({
      onPrimary: '#000000',
      onSecondary: '#FFFFFF',
    });
    // brightness exactly 128 is light: black text
    expect(brandingColors({ primaryColor: '#808080', secondaryColor: '#7F7F7F' })).toMatchObject({
      onPrimary: '#000000',
      onSecondary: '#FFFFFF',
    });
  });
});
