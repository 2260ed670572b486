/**
 * How a person gets a participant account from the web portal (001 §3, §4, §7; 002 §3 "Participant
 * registration", §7; decisions D-053…D-058, D-082, D-083, D-097): the study's enrolment facts, eligibility
 * screening, the username check, registration (open enrolment or an invitation), and account verification
 * by a code or by the e-mailed link. Loaded with the enrolment screens, not at the portal's first load.
 *
 * The study-coded calls follow the Env header like sign-in (a test participant exists only in TEST); the
 * calls that carry a participant's id or a link token are environment-neutral (the record says which).
 */
import { MAX_LOCAL_OFFSET_MINUTES, REGISTRATION_PROCESSES, VERIFICATION_METHODS } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { NewPasswordSchema } from './passwords';

const StudyCodeParams = z.object({ studyCode: z.string().min(1).max(60) }).strict();
/** A study text per language (the portal picks the participant's, else the study's default). */
const TextsSchema = z.record(z.string(), z.string());
export const VerificationMethodSchema = z.enum(VERIFICATION_METHODS);
/** A contact field of the registration form: required, optional or not asked. */
const FieldNeedSchema = z.enum(['required', 'optional', 'hidden']);
const EligibilityAnswerSchema = z.enum(['YES', 'NO']);
/** A single-use link token (invitation, verification link). */
const LinkTokenSchema = z.string().min(10).max(200);

export const getStudyEnrolment = defineEndpoint({
  id: 'getStudyEnrolment',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyCode/enrolment',
  audience: 'public',
  summary:
    "The study's enrolment facts for its portal: open enrolment (the open-study flag), the verification method, the eligibility questions and messages, the registration texts — of the version the data space runs",
  params: StudyCodeParams,
  response: z.object({
    studyId: z.string(),
    studyCode: z.string(),
    /** The version a registration joins; null while the data space runs none (nobody can register). */
    studyVersionId: z.string().nullable(),
    openEnrolment: z.boolean(),
    verificationMethod: VerificationMethodSchema,
    defaultLanguage: z.string(),
    eligibility: z.object({
      heading: TextsSchema,
      introduction: TextsSchema,
      /** The questions only: the qualifying answers stay on the server, which decides. */
      questions: z.array(z.object({ id: z.string(), text: TextsSchema })),
      ineligibleMessage: TextsSchema,
    }),
    registration: z.object({
      heading: TextsSchema,
      introduction: TextsSchema,
      submitLabel: TextsSchema,
      completedMessage: TextsSchema,
      email: FieldNeedSchema,
      mobile: FieldNeedSchema,
    }),
  }),
});

export const screenEligibility = defineEndpoint({
  id: 'screenEligibility',
  method: 'POST',
  path: '/api/v1/participant-web/studies/:studyCode/eligibility',
  audience: 'public',
  rateLimited: true,
  summary:
    "Check eligibility answers against the version's rules; kept as a screening without identity (decision D-097). Eligible: a screening id for the registration",
  params: StudyCodeParams,
  body: z
    .object({
      studyVersionId: z.string().uuid(),
      answers: z.array(z.object({ questionId: z.string().min(1).max(100), answer: EligibilityAnswerSchema })).max(60),
    })
    .strict(),
  response: z.object({
    eligible: z.boolean(),
    /** Present when eligible: the registration names it (single use, two hours). */
    screeningId: z.string().nullable(),
    /** The study's message for an ineligible person (empty: the portal's own text). */
    ineligibleMessage: TextsSchema,
    defaultLanguage: z.string(),
  }),
});

export const checkParticipantUsername = defineEndpoint({
  id: 'checkParticipantUsername',
  method: 'POST',
  path: '/api/v1/participant-web/studies/:studyCode/username-check',
  audience: 'public',
  rateLimited: true,
  // A read sent as POST (the username stays out of addresses and logs): no record changes.
  audit: false,
  summary:
    'Check a username for registration (001 §7): the uniqueness flag in the study and the username rules it fails (decision D-083)',
  params: StudyCodeParams,
  body: z.object({ username: z.string().max(150) }).strict(),
  response: z.object({
    /** The spec's uniqueness flag: no account of the study has this username (whatever its case). */
    isUnique: z.boolean(),
    /** Catalogue keys of the username rules (001 §5) it fails; empty when it follows them. */
    failedRules: z.array(z.string()),
    /** Rule failures and a taken name, in the request's language; null when the username can be used. */
    message: z.string().nullable(),
  }),
});

/** Spec 002 §3 "Participant registration" (D-053), plus the username, the screening and the country. */
export const RegistrationBodySchema = z
  .object({
    registrationProcess: z.enum(REGISTRATION_PROCESSES),
    /** The invitation link's token (INVITATION). */
    activationToken: LinkTokenSchema.optional(),
    /** The passed eligibility screening (OPEN_ENROLMENT, when the version asks eligibility questions). */
    screeningId: z.string().uuid().optional(),
    studyId: z.string().uuid(),
    studyVersionId: z.string().uuid(),
    /** The invited participant's id, when the portal knows it (must be the invitation's). */
    pid: z.string().uuid().optional(),
    username: z.string().trim().min(1).max(150),
    email: z.string().trim().max(254).optional(),
    verificationMethod: VerificationMethodSchema.default('email'),
    mobileCountryCode: z.string().trim().max(6).optional(),
    mobile: z.string().trim().max(30).optional(),
    verificationOptInSMS: z.boolean().default(false),
    password: NewPasswordSchema,
    confirmPassword: z.string().max(256),
    deviceId: z.string().min(1).max(100),
    deviceType: z.literal('Web').default('Web'),
    /** Minutes east of UTC (UTC+01:00 → 60). */
    participantLocalOffset: z.number().int().min(-MAX_LOCAL_OFFSET_MINUTES).max(MAX_LOCAL_OFFSET_MINUTES),
    /** The participant's wall-clock time when registering, `YYYY-MM-DDTHH:mm[:ss]`. */
    participantLocalTime: z.string().max(40),
    /** The browser's IANA time zone, when it names one. */
    timeZone: z.string().max(64).optional(),
    /** The language chosen on the language page. */
    language: z.string().max(10).optional(),
    /** The country chosen on the language page (ISO 3166 alpha-2): open enrolment picks a site there. */
    countryId: z.string().length(2).optional(),
  })
  .strict();

export const registerParticipant = defineEndpoint({
  id: 'registerParticipant',
  method: 'POST',
  path: '/api/v1/participant-web/studies/:studyCode/registrations',
  audience: 'public',
  rateLimited: true,
  summary:
    "Register a participant account (open enrolment, or an invitation's token): status REGISTERED, then a verification code by e-mail or text message",
  params: StudyCodeParams,
  body: RegistrationBodySchema,
  response: z.object({
    pid: z.string(),
    participantId: z.string(),
    username: z.string(),
    status: z.string(),
    verificationMethod: VerificationMethodSchema,
    /** Where the code went, masked ("a•••@example.org", "+1 ••• ••• 4567"). */
    destination: z.string(),
    codeExpiresAt: z.string(),
  }),
});

const VerificationResultSchema = z.object({
  verified: z.literal(true),
  studyCode: z.string(),
  username: z.string(),
});

export const verifyParticipantCode = defineEndpoint({
  id: 'verifyParticipantCode',
  method: 'POST',
  path: '/api/v1/participant-web/verification',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Verify a registered account with the code it was sent: status VERIFIED, sign-in allowed',
  body: z
    .object({
      pid: z.string().uuid(),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/),
    })
    .strict(),
  response: VerificationResultSchema,
});

export const resendParticipantCode = defineEndpoint({
  id: 'resendParticipantCode',
  method: 'POST',
  path: '/api/v1/participant-web/verification/resend',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Send a registered account a new verification code (the older one stops working)',
  body: z.object({ pid: z.string().uuid() }).strict(),
  response: z.object({
    verificationMethod: VerificationMethodSchema,
    destination: z.string(),
    codeExpiresAt: z.string(),
  }),
});

/** The parts of an e-mailed verification link (000 §2.1 verify-participant, -v2 and -v3). */
const VerificationLinkSchema = z
  .object({
    studyId: z.string().uuid(),
    /** In the -v2 and -v3 forms. */
    participantId: z.string().uuid().optional(),
    token: LinkTokenSchema,
    email: z.string().max(254),
  })
  .strict();

export const checkParticipantVerificationLink = defineEndpoint({
  id: 'checkParticipantVerificationLink',
  method: 'GET',
  path: '/api/v1/participant-web/verification-links',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary:
    "GET verify participant by token and email (002 §7): what the link is (its study, whether it can verify); changes nothing — the portal's page confirms it",
  query: VerificationLinkSchema,
  response: z.object({
    /** The link's study, to open its portal pages (null: no such study). */
    studyCode: z.string().nullable(),
    state: z.enum(['valid', 'verified', 'expired', 'invalid']),
  }),
});

export const confirmParticipantVerificationLink = defineEndpoint({
  id: 'confirmParticipantVerificationLink',
  method: 'POST',
  path: '/api/v1/participant-web/verification-links',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Verify a registered account with its e-mailed link (token and e-mail address): status VERIFIED',
  body: VerificationLinkSchema,
  response: VerificationResultSchema,
});

export const getParticipantResetLink = defineEndpoint({
  id: 'getParticipantResetLink',
  method: 'GET',
  path: '/api/v1/participant-web/reset-links/:languageId/:token',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary:
    "The study of a participant password-reset link (000 §2.1 /participant-reset-password/{token}/{languageId}/{lang}), so the portal opens that study's reset page",
  params: z.object({ languageId: z.string().min(1).max(10), token: LinkTokenSchema }).strict(),
  response: z.object({ valid: z.boolean(), studyCode: z.string().nullable() }),
});
