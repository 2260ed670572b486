/**
 * One valid value and one bad value per study content section, for the section endpoints' tests
 * (a bad value names the field the server must refuse and the catalogue message it must give).
 */
import type { StudyContentSection } from '@trialpath/domain';

const FILE = '6f1c2a8e-3b7d-4c1e-9a2f-0d8e7b6c5a41';

export interface SectionExample {
  valid: Record<string, unknown>;
  bad: { value: Record<string, unknown>; field: string; key: string };
}

export const SECTION_EXAMPLES: Record<StudyContentSection, SectionExample> = {
  branding: {
    valid: { logoFileId: FILE, primaryColor: '#1A237E', secondaryColor: '#FFEB3B' },
    bad: { value: { primaryColor: 'teal' }, field: 'value.primaryColor', key: 'errors.invalidFormat' },
  },
  onboarding: {
    valid: { steps: ['welcome', 'consent', 'registration'], introduction: { en: '<p>Start here</p>' } },
    bad: { value: { steps: ['welcome', 'welcome'] }, field: 'value.steps.1', key: 'studyContent.duplicateValue' },
  },
  welcomeScreens: {
    valid: { screens: [{ id: 'hello', title: { en: 'Hello', es: 'Hola' }, body: { en: '<p>Hi</p>' } }] },
    bad: {
      value: {
        screens: [
          { id: 'a', title: { en: 'A' } },
          { id: 'a', title: { en: 'B' } },
        ],
      },
      field: 'value.screens.1.id',
      key: 'studyContent.duplicateId',
    },
  },
  eligibility: {
    valid: { questions: [{ id: 'adult', text: { en: 'Are you 18 or older?' }, qualifyingAnswer: 'YES' }] },
    bad: {
      value: { questions: [{ id: 'adult', text: { en: 'Adult?' }, qualifyingAnswer: 'MAYBE' }] },
      field: 'value.questions.0.qualifyingAnswer',
      key: 'errors.invalidValue',
    },
  },
  learnMore: {
    valid: { sections: [{ id: 'why', title: { en: 'Why this study' }, body: { en: '<p>Because</p>' } }] },
    bad: { value: { sections: [{ id: 'why', title: {} }] }, field: 'value.sections.0.title', key: 'errors.required' },
  },
  infoScreens: {
    valid: { screens: [{ id: 'visits', title: { en: 'Visits' }, imageFileId: FILE }] },
    bad: {
      value: { screens: [{ id: 'visits', title: { en: 'Visits' }, imageFileId: 'x.png' }] },
      field: 'value.screens.0.imageFileId',
      key: 'errors.invalidFormat',
    },
  },
  feedback: {
    valid: {
      enabled: true,
      quiz: [
        {
          id: 'q1',
          question: { en: 'How often do you answer?' },
          options: [
            { id: 'weekly', text: { en: 'Weekly' } },
            { id: 'daily', text: { en: 'Daily' } },
          ],
          correctOptionId: 'weekly',
        },
      ],
    },
    bad: {
      value: {
        quiz: [
          {
            id: 'q1',
            question: { en: 'Q' },
            options: [
              { id: 'a', text: { en: 'A' } },
              { id: 'b', text: { en: 'B' } },
            ],
            correctOptionId: 'z',
          },
        ],
      },
      field: 'value.quiz.0.correctOptionId',
      key: 'studyContent.correctOptionMissing',
    },
  },
  appDescription: {
    valid: { title: { en: 'Trialpath Demo' }, description: { en: '<p>The study app</p>' } },
    bad: { value: { title: { en: 'x'.repeat(201) } }, field: 'value.title.en', key: 'errors.tooLong' },
  },
  appAvailability: {
    valid: { web: true, ios: true, iosStoreUrl: 'https://apps.apple.com/app/id123' },
    bad: {
      value: { androidStoreUrl: 'ftp://example.org/app' },
      field: 'value.androidStoreUrl',
      key: 'errors.invalidFormat',
    },
  },
  marketing: {
    valid: { headline: { en: 'Help us learn about sleep' }, contactEmail: 'study@trialpath.example' },
    bad: { value: { contactEmail: 'nobody' }, field: 'value.contactEmail', key: 'errors.invalidEmail' },
  },
  healthAccess: {
    valid: { enabled: true, dataTypes: ['steps', 'sleep'] },
    bad: { value: { enabled: true, dataTypes: [] }, field: 'value.dataTypes', key: 'errors.tooFew' },
  },
  registration: {
    valid: { verificationMethod: 'sms', fields: { mobile: { asked: true, required: true } } },
    bad: {
      value: { fields: { zipcode: { asked: false, required: true } } },
      field: 'value.fields.zipcode.required',
      key: 'studyContent.requiredNotAsked',
    },
  },
  videos: {
    valid: { items: [{ id: 'intro', title: { en: 'Introduction' }, url: 'https://video.example.org/intro.mp4' }] },
    bad: {
      value: { items: [{ id: 'intro', title: { en: 'Intro' } }] },
      field: 'value.items.0.url',
      key: 'studyContent.videoSource',
    },
  },
  consents: {
    valid: {
      items: [
        {
          id: 'main',
          name: { en: 'Main consent' },
          sections: [{ id: 's1', title: { en: 'Why' }, body: { en: '<p>Because</p>' } }],
          quiz: [
            {
              id: 'q1',
              question: { en: 'Can you leave?' },
              options: [
                { id: 'yes', text: { en: 'Yes' } },
                { id: 'no', text: { en: 'No' } },
              ],
              correctOptionId: 'yes',
            },
          ],
        },
      ],
    },
    bad: {
      value: {
        items: [
          {
            id: 'main',
            name: { en: 'Main' },
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
        ],
      },
      field: 'value.items.0.quiz.0.correctOptionId',
      key: 'studyContent.correctOptionMissing',
    },
  },
  cohorts: {
    valid: { items: [{ id: 'arm-a', name: { en: 'Arm A' } }] },
    bad: {
      value: { items: [{ id: 'arm a', name: { en: 'Arm A' } }] },
      field: 'value.items.0.id',
      key: 'errors.invalidFormat',
    },
  },
  webGlobal: {
    valid: { siteTitle: { en: 'Demo Study' }, privacyPolicyUrl: 'https://trialpath.example/privacy' },
    bad: { value: { supportEmail: 'help' }, field: 'value.supportEmail', key: 'errors.invalidEmail' },
  },
  webHomepage: {
    valid: { heading: { en: 'Join the study' }, callToAction: { en: 'Check if you can take part' } },
    bad: { value: { heading: 'Join' }, field: 'value.heading', key: 'errors.invalidValue' },
  },
  webEligibilityScreening: {
    valid: { heading: { en: 'Can you take part?' }, eligibleMessage: { en: '<p>Yes, you can.</p>' } },
    bad: { value: { footnote: { en: 'x' } }, field: 'value.footnote', key: 'errors.unknownField' },
  },
  webAgreement: {
    valid: { heading: { en: 'Agreement' }, acceptLabel: { en: 'I agree' } },
    bad: { value: { acceptLabel: { en: 'x'.repeat(101) } }, field: 'value.acceptLabel.en', key: 'errors.tooLong' },
  },
  webRegister: {
    valid: { heading: { en: 'Create your account' }, submitLabel: { en: 'Register' } },
    bad: {
      value: { submitLabel: { English: 'Register' } },
      field: 'value.submitLabel.English',
      key: 'errors.invalidValue',
    },
  },
  webPublish: {
    valid: { published: true, slug: 'demo-study' },
    bad: { value: { published: true }, field: 'value.slug', key: 'errors.required' },
  },
  // the valid value names an activity of the study, made by the test (study-content.int.test.ts)
  studyActivities: {
    valid: { items: [] },
    bad: {
      value: { items: [{ id: 'pain', revisionId: 'r1' }] },
      field: 'value.items.0.revisionId',
      key: 'errors.invalidFormat',
    },
  },
  schedule: {
    valid: { milestones: [{ id: 'surgery', name: { en: 'Surgery', es: 'Cirugía' }, plannedDay: 14 }] },
    bad: {
      value: { schedules: [{ id: 's1', target: { kind: 'activity', activityId: 'a1' }, startDay: 5, endDay: 2 }] },
      field: 'value.schedules.0.endDay',
      key: 'schedule.endBeforeStart',
    },
  },
  spirometry: {
    valid: { enabled: true, minEfforts: 3, maxEfforts: 6, repeatabilityMl: 150, lowRatioAlertPercent: 70 },
    bad: {
      value: { enabled: true, minEfforts: 5, maxEfforts: 4 },
      field: 'value.maxEfforts',
      key: 'spirometry.maxBelowMin',
    },
  },
};
