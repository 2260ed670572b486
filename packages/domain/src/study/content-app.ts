/**
 * The sections of a study's content the participant app shows (002 §3: branding, onboarding, welcome
 * screens, eligibility questions, learn-more sections, info screens, feedback and its quiz, app
 * description, availability, marketing, health access, registration, videos, cohorts). Each is made
 * from a text kit, so the same schema checks the shape (the contract) and one study's languages (the server).
 */
import { z } from 'zod';
import { DEFAULT_STUDY_COLOR } from '../color';
import {
  EmailSchema,
  FileIdSchema,
  HexColorSchema,
  optionalValue,
  type TextKit,
  WebLinkSchema,
} from './content-fields';
import { IconIdSchema } from './icons';
import { distinctList, ItemIdSchema, keyedById } from './keyed';

/** The steps of the participant app's onboarding, in the order the study chooses. */
export const ONBOARDING_STEPS = ['welcome', 'eligibility', 'learnMore', 'consent', 'registration'] as const;

/** Health data a study may ask to read from the participant's phone (customize/health-data-access). */
export const HEALTH_DATA_TYPES = [
  'steps',
  'heartRate',
  'sleep',
  'weight',
  'bloodPressure',
  'bloodGlucose',
  'activeEnergy',
  'oxygenSaturation',
] as const;

/** Fields the registration form can ask (participant registration, 002 §3). */
export const REGISTRATION_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'dateOfBirth',
  'gender',
  'address',
  'city',
  'state',
  'zipcode',
  'country',
  'language',
  // E-028: who looks after a child or a person who cannot register alone; how they heard of the study; and three
  // fields the study names itself (their labels are the section's customFieldNLabel)
  'parentOrCgFirstName',
  'parentOrCgLastName',
  'howDidYouHear',
  'customField1',
  'customField2',
  'customField3',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The registration fields a study names itself, each with the label field that names it. */
export const CUSTOM_REGISTRATION_FIELDS = ['customField1', 'customField2', 'customField3'] as const;
export type CustomRegistrationField = (typeof CUSTOM_REGISTRATION_FIELDS)[number];
export const customFieldLabelName = (f: CustomRegistrationField) => `${f}Label` as const;

/** Asked and required by default: a participant can be reached and addressed. */
const REGISTRATION_DEFAULTS: Record<RegistrationField, { asked: boolean; required: boolean }> = {
  firstName: { asked: true, required: true },
  lastName: { asked: true, required: true },
  email: { asked: true, required: true },
  mobile: { asked: true, required: false },
  dateOfBirth: { asked: false, required: false },
  gender: { asked: false, required: false },
  address: { asked: false, required: false },
  city: { asked: false, required: false },
  state: { asked: false, required: false },
  zipcode: { asked: false, required: false },
  country: { asked: true, required: true },
  language: { asked: true, required: true },
  parentOrCgFirstName: { asked: false, required: false },
  parentOrCgLastName: { asked: false, required: false },
  howDidYouHear: { asked: false, required: false },
  customField1: { asked: false, required: false },
  customField2: { asked: false, required: false },
  customField3: { asked: false, required: false },
};

/** The registration field that carries the verification code of each verification method. */
export const VERIFICATION_FIELD = { email: 'email', sms: 'mobile' } as const satisfies Record<
  string,
  RegistrationField
>;

function fieldIssue(path: PropertyKey[], messageKey: string, messageParams?: Record<string, string | number>) {
  return { code: 'custom' as const, path, message: messageKey, params: { messageKey, messageParams } };
}

const imageId = () => optionalValue(FileIdSchema);
/** An icon of the icon library (decision 0040), or none. */
const iconId = () => optionalValue(IconIdSchema);

export const APP_SECTION_BUILDERS = {
  branding: (_t: TextKit) =>
    z
      .object({
        logoFileId: imageId(),
        iconFileId: imageId(),
        primaryColor: HexColorSchema.default(DEFAULT_STUDY_COLOR),
        secondaryColor: optionalValue(HexColorSchema),
      })
      .strict(),

  onboarding: (t: TextKit) =>
    z
      .object({
        steps: distinctList(z.enum(ONBOARDING_STEPS), ONBOARDING_STEPS.length).default([...ONBOARDING_STEPS]),
        introduction: t.rich(),
      })
      .strict(),

  welcomeScreens: (t: TextKit) =>
    z
      .object({
        screens: keyedById(
          z
            .object({ id: ItemIdSchema, title: t.title(), body: t.rich(), imageFileId: imageId(), icon: iconId() })
            .strict(),
          20,
        ).default([]),
      })
      .strict(),

  eligibility: (t: TextKit) =>
    z
      .object({
        introduction: t.rich(),
        questions: keyedById(
          z.object({ id: ItemIdSchema, text: t.short(), qualifyingAnswer: z.enum(['YES', 'NO']) }).strict(),
          50,
        ).default([]),
        ineligibleMessage: t.rich(),
      })
      .strict(),

  learnMore: (t: TextKit) =>
    z
      .object({
        sections: keyedById(
          z.object({ id: ItemIdSchema, title: t.title(), body: t.rich(), icon: iconId() }).strict(),
          50,
        ).default([]),
      })
      .strict(),

  infoScreens: (t: TextKit) =>
    z
      .object({
        screens: keyedById(
          z
            .object({ id: ItemIdSchema, title: t.title(), body: t.rich(), imageFileId: imageId(), icon: iconId() })
            .strict(),
          50,
        ).default([]),
      })
      .strict(),

  feedback: (t: TextKit) =>
    z
      .object({
        enabled: z.boolean().default(false),
        prompt: t.optionalShort(),
        quiz: keyedById(
          z
            .object({
              id: ItemIdSchema,
              question: t.short(),
              options: keyedById(z.object({ id: ItemIdSchema, text: t.label() }).strict(), 10).min(2),
              correctOptionId: ItemIdSchema,
            })
            .strict()
            .superRefine((q, ctx) => {
              if (!q.options.some((o) => o.id === q.correctOptionId))
                ctx.addIssue(fieldIssue(['correctOptionId'], 'studyContent.correctOptionMissing'));
            }),
          50,
        ).default([]),
      })
      .strict(),

  appDescription: (t: TextKit) => z.object({ title: t.optionalTitle(), description: t.rich() }).strict(),

  appAvailability: (_t: TextKit) =>
    z
      .object({
        web: z.boolean().default(true),
        ios: z.boolean().default(false),
        android: z.boolean().default(false),
        iosStoreUrl: optionalValue(WebLinkSchema),
        androidStoreUrl: optionalValue(WebLinkSchema),
      })
      .strict(),

  marketing: (t: TextKit) =>
    z
      .object({
        headline: t.optionalTitle(),
        summary: t.rich(),
        contactEmail: optionalValue(EmailSchema),
        recruitmentUrl: optionalValue(WebLinkSchema),
      })
      .strict(),

  healthAccess: (t: TextKit) =>
    z
      .object({
        enabled: z.boolean().default(false),
        dataTypes: distinctList(z.enum(HEALTH_DATA_TYPES), HEALTH_DATA_TYPES.length).default([]),
        explanation: t.rich(),
      })
      .strict()
      .superRefine((h, ctx) => {
        // Asking for access to nothing would show the participant an empty permission screen.
        if (h.enabled && h.dataTypes.length === 0) ctx.addIssue(fieldIssue(['dataTypes'], 'errors.tooFew', { min: 1 }));
      }),

  registration: (t: TextKit) =>
    z
      .object({
        verificationMethod: z.enum(['email', 'sms']).default('email'),
        /**
         * Record linkage (001 §7 datavant_consent, §9 identity tokens): the participant is asked to agree
         * that keyed tokens of their identity link the study's data with other health records.
         */
        recordLinkage: z.boolean().default(false),
        recordLinkageStatement: t.rich(),
        /**
         * Open enrolment (001 §4, the open-study flag): anyone with the study's link may screen themselves
         * and register from the participant portal; otherwise only invited participants register.
         */
        openEnrolment: z.boolean().default(false),
        fields: z
          .object(
            Object.fromEntries(
              REGISTRATION_FIELDS.map((f) => [
                f,
                z.object({ asked: z.boolean(), required: z.boolean() }).strict().default(REGISTRATION_DEFAULTS[f]),
              ]),
            ) as Record<RegistrationField, z.ZodDefault<z.ZodObject<{ asked: z.ZodBoolean; required: z.ZodBoolean }>>>,
          )
          .strict()
          .prefault({}),
        customField1Label: t.optionalLabel(),
        customField2Label: t.optionalLabel(),
        customField3Label: t.optionalLabel(),
      })
      .strict()
      .superRefine((r, ctx) => {
        for (const f of REGISTRATION_FIELDS) {
          if (r.fields[f].required && !r.fields[f].asked)
            ctx.addIssue(fieldIssue(['fields', f, 'required'], 'studyContent.requiredNotAsked'));
        }
        // a field the study names itself is asked only with its name
        for (const f of CUSTOM_REGISTRATION_FIELDS) {
          const label = r[customFieldLabelName(f)];
          if (r.fields[f].asked && !Object.values(label).some((v) => v.trim() !== ''))
            ctx.addIssue(fieldIssue([customFieldLabelName(f)], 'studyContent.customFieldLabel'));
        }
        const field = VERIFICATION_FIELD[r.verificationMethod];
        if (!r.fields[field].required)
          ctx.addIssue(fieldIssue(['fields', field, 'required'], 'studyContent.verificationFieldRequired'));
      }),

  videos: (t: TextKit) =>
    z
      .object({
        items: keyedById(
          z
            .object({
              id: ItemIdSchema,
              title: t.title(),
              description: t.rich(),
              fileId: optionalValue(FileIdSchema),
              url: optionalValue(WebLinkSchema),
            })
            .strict()
            .superRefine((v, ctx) => {
              // One source per video: an upload or a link, so the app never has to choose.
              if ((v.fileId === null) === (v.url === null))
                ctx.addIssue(fieldIssue(['url'], 'studyContent.videoSource'));
            }),
          50,
        ).default([]),
      })
      .strict(),

  cohorts: (t: TextKit) =>
    z
      .object({
        items: keyedById(
          z
            .object({
              id: ItemIdSchema,
              name: t.label(),
              description: t.optionalShort(),
              /** The consents a participant of this cohort signs, in order (D-002). */
              consentIds: distinctList(ItemIdSchema, 20).default([]),
            })
            .strict(),
          50,
        ).default([]),
      })
      .strict(),
};
