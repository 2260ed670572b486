/**
 * A participant's record as staff add, read and edit it, the duplicate check, invitations, e-mail
 * unsubscription and the list's CSV export (issue 12; E-003, E-006, E-020, E-026, E-028, E-065, E-073…E-084;
 * decision E-participant-records). The record's rules are the domain's (participants/record.ts): the form, the
 * import and the server use the same.
 */
import {
  ENROLMENT_SOURCES,
  PARTICIPANT_GENDERS,
  PARTICIPANT_STATUSES,
  CONSENT_LIST_STATUSES,
  RECORD_FIELD_MAX,
} from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';
import { SCHEDULE_JOB_STATUSES } from './schedules';
import { ParticipantLabelSchema, ParticipantListQuerySchema } from './participants';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const ParticipantParams = z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict();

/** Text of a record field: at most its length (the domain's rules then check what it holds). */
const text = (max: number) => z.string().max(max).default('');

/** The record's fields as sent; '' means not given. The site is chosen when adding only (a move is a transfer). */
export const ParticipantRecordSchema = z
  .object({
    participantId: text(RECORD_FIELD_MAX.participantId),
    firstName: text(RECORD_FIELD_MAX.firstName),
    lastName: text(RECORD_FIELD_MAX.lastName),
    email: text(RECORD_FIELD_MAX.email),
    mobileCountryCode: text(RECORD_FIELD_MAX.mobileCountryCode),
    mobile: text(RECORD_FIELD_MAX.mobile),
    dateOfBirth: text(10),
    gender: z.union([z.literal(''), z.enum(PARTICIPANT_GENDERS)]).default(''),
    address: text(RECORD_FIELD_MAX.address),
    city: text(RECORD_FIELD_MAX.city),
    state: text(RECORD_FIELD_MAX.state),
    zipcode: text(RECORD_FIELD_MAX.zipcode),
    countryId: text(2),
    languageId: text(10),
    optInSMS: z.boolean().default(false),
    parentOrCgFirstName: text(RECORD_FIELD_MAX.parentOrCgFirstName),
    parentOrCgLastName: text(RECORD_FIELD_MAX.parentOrCgLastName),
    howDidYouHear: text(RECORD_FIELD_MAX.howDidYouHear),
    customField1: text(RECORD_FIELD_MAX.customField1),
    customField2: text(RECORD_FIELD_MAX.customField2),
    customField3: text(RECORD_FIELD_MAX.customField3),
  })
  .strict();

/** The names the study gave its own fields (E-028, customField1…3) in the caller's language, for those it asks. */
const FieldLabelsSchema = z.record(z.string(), z.string());
export type ParticipantRecordInput = z.input<typeof ParticipantRecordSchema>;

const NeedSchema = z.enum(['required', 'optional', 'hidden']);

/** A participant as the profile and the edit form read them (E-026, E-028). Identity fields need participants.identify. */
export const ParticipantDetailSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  siteCode: z.string(),
  environment: z.enum(['LIVE', 'TEST']),
  status: z.enum(PARTICIPANT_STATUSES),
  consentStatus: z.enum(CONSENT_LIST_STATUSES),
  source: z.enum(ENROLMENT_SOURCES),
  versionId: z.string().nullable(),
  versionName: z.string().nullable(),
  labels: z.array(ParticipantLabelSchema),
  registered: z.boolean(),
  registrationDate: z.string().nullable(),
  invitedAt: z.string().nullable(),
  emailUnsubscribed: z.boolean(),
  addedAt: z.string(),
  /** The record's version: an edit sends it back, and is refused if someone saved in between. */
  updatedAt: z.string(),
  /** Null for a caller who may not identify participants. */
  record: ParticipantRecordSchema.omit({ participantId: true }).nullable(),
  /** What the participant's version asks (the edit form's fields). */
  needs: z.record(z.string(), NeedSchema),
  fieldLabels: FieldLabelsSchema,
  /** Whether the caller may change this participant (status, invitation, record, labels). */
  manage: z.boolean(),
  /** E-026 active: still taking part (not left the study, not failed screening). */
  active: z.boolean(),
  /** E-026 startDate: the participant's day zero (yyyy-mm-dd), null before their study starts. */
  startDate: z.string().nullable(),
  /** E-026 languageId / languageName: the participant's language and its name in the study. */
  languageId: z.string(),
  languageName: z.string(),
  /** E-026 mlFLag: the study offers the participant more than one language (multi-language). */
  mlFLag: z.boolean(),
  /** E-026 threadParticipantId: the key of the participant's message thread (their id). */
  threadParticipantId: z.string(),
  /** The caller is a blinded investigator who may unblind this participant for themselves (decision E-blinding). */
  mayUnblind: z.boolean(),
});
export type ParticipantDetail = z.infer<typeof ParticipantDetailSchema>;

export const getParticipant = defineEndpoint({
  id: 'getParticipant',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    'One participant (E-065): status, site, version, labels, invitation and, for who may identify, the record; refused unless the caller’s sites and data access type cover the participant’s site',
  params: ParticipantParams,
  response: ParticipantDetailSchema,
});

export const getParticipantFormOptions = defineEndpoint({
  id: 'getParticipantFormOptions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-form-options',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'What the add form offers: the caller’s sites that take participants, what each site’s version asks, countries and languages',
  params: StudyParams,
  response: z.object({
    sites: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        siteCode: z.string(),
        countryId: z.string(),
        needs: z.record(z.string(), NeedSchema),
        fieldLabels: FieldLabelsSchema,
      }),
    ),
    countries: z.array(z.object({ id: z.string(), name: z.string() })),
    languages: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Today at the server (yyyy-mm-dd): the date-of-birth check's bound. */
    today: z.string(),
  }),
});

/**
 * Write options: a phone number or e-mail address another participant has too is kept only when the person says so
 * (family members share a phone; a parent or caregiver looks after several participants with one address).
 * `isDuplicateAllowed` is the spec's name (002 §7, E-081) for the e-mail's confirmation.
 */
const WriteOptions = {
  allowSharedPhone: z.boolean().default(false),
  isDuplicateAllowed: z.boolean().default(false),
};

export const addParticipant = defineEndpoint({
  id: 'addParticipant',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Add a participant at one of the caller’s sites (E-020, E-074), checked for duplicates first; invite them at once if asked',
  params: StudyParams,
  body: z
    .object({
      siteId: z.string().uuid(),
      record: ParticipantRecordSchema,
      sendInvite: z.boolean().default(false),
      ...WriteOptions,
    })
    .strict(),
  response: z.object({ participant: ParticipantDetailSchema, invited: z.boolean() }),
});

export const updateParticipantRecord = defineEndpoint({
  id: 'updateParticipantRecord',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Edit a participant’s record (E-020, E-065, E-079…E-081), from the version the person read; its labels too (E-088)',
  params: ParticipantParams,
  body: z
    .object({
      record: ParticipantRecordSchema,
      expectedUpdatedAt: z.string(),
      /** E-088: the participant's labels (custom keys) set with the record; absent: left as they are. */
      customKey: z.array(z.string().uuid()).max(100).optional(),
      ...WriteOptions,
    })
    .strict(),
  response: ParticipantDetailSchema,
});

export const CAREGIVER_SEARCH_MAX = 100;

/** E-086: which of these e-mail addresses are already on participants the caller may see (a caregiver's). */
export const searchCaregivers = defineEndpoint({
  id: 'searchCaregivers',
  method: 'POST',
  path: '/api/v1/studies/:studyId/caregivers/search',
  audience: 'staff',
  permission: 'participants.identify',
  audit: false,
  summary: `Caregiver search by e-mail list (E-086): per address (at most ${CAREGIVER_SEARCH_MAX}), the participants the caller may see who have it`,
  params: StudyParams,
  body: z.object({ emails: z.array(z.string().trim().email().max(254)).min(1).max(CAREGIVER_SEARCH_MAX) }).strict(),
  response: z.object({
    items: z.array(
      z.object({
        email: z.string(),
        participants: z.array(
          z.object({ id: z.string(), participantId: z.string(), name: z.string(), status: z.string() }),
        ),
      }),
    ),
  }),
});

export const UnblindingListSchema = z.object({
  items: z.array(z.object({ id: z.string(), by: z.string(), reason: z.string(), at: z.string() })),
});

/** Emergency unblinding (decision E-blinding, addendum): an investigator unblinds one participant for themselves. */
export const unblindParticipant = defineEndpoint({
  id: 'unblindParticipant',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/unblinding',
  audience: 'staff',
  permission: 'responses.sign',
  reasonRequired: true,
  summary:
    'Unblind one participant for the calling investigator, with the reason (recorded and audited): they receive that participant’s unblinding answers from now on',
  params: ParticipantParams,
  body: withReason({}),
  response: UnblindingListSchema,
});

export const listParticipantUnblindings = defineEndpoint({
  id: 'listParticipantUnblindings',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/unblinding',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'Who unblinded this participant, when and why, newest first',
  params: ParticipantParams,
  response: UnblindingListSchema,
});

/** E-137 "POST update phone": only the participant's mobile number changes, with the same checks as the record's. */
export const updateParticipantPhone = defineEndpoint({
  id: 'updateParticipantPhone',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/phone',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Change a participant’s mobile number (E-137): checked and refused like the record’s, from the version read',
  params: ParticipantParams,
  body: z
    .object({
      mobileCountryCode: text(RECORD_FIELD_MAX.mobileCountryCode),
      mobile: text(RECORD_FIELD_MAX.mobile),
      expectedUpdatedAt: z.string(),
      ...WriteOptions,
    })
    .strict(),
  response: ParticipantDetailSchema,
});

/** E-081 "PUT new email with isDuplicateAllowed": only the e-mail address of a participant not yet registered changes. */
export const updateParticipantEmail = defineEndpoint({
  id: 'updateParticipantEmail',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/email',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Change the e-mail address of a participant who has not registered (E-081); one another participant has too only with isDuplicateAllowed',
  params: ParticipantParams,
  body: z
    .object({
      email: text(RECORD_FIELD_MAX.email),
      expectedUpdatedAt: z.string(),
      isDuplicateAllowed: z.boolean().default(false),
    })
    .strict(),
  response: ParticipantDetailSchema,
});

export const DuplicateMatchSchema = z.object({
  field: z.enum(['participantId', 'email', 'mobile']),
  /** The other participant's id in the study; their record is not shown. */
  participantId: z.string(),
});

export const checkParticipantDuplicates = defineEndpoint({
  id: 'checkParticipantDuplicates',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-duplicates',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Other participants of the study’s data space with this id, e-mail address or phone number (E-075)',
  params: StudyParams,
  query: z
    .object({
      participantId: z.string().max(RECORD_FIELD_MAX.participantId).optional(),
      email: z.string().max(RECORD_FIELD_MAX.email).optional(),
      mobileCountryCode: z.string().max(RECORD_FIELD_MAX.mobileCountryCode).optional(),
      mobile: z.string().max(RECORD_FIELD_MAX.mobile).optional(),
      /** The participant being edited (not a duplicate of themselves). */
      except: z.string().uuid().optional(),
    })
    .strict(),
  response: z.object({ matches: z.array(DuplicateMatchSchema) }),
});

const ParticipantIds = z.array(z.string().uuid()).min(1).max(500);

export const inviteParticipants = defineEndpoint({
  id: 'inviteParticipants',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participant-invitations',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Invite (or invite again) one or more participants who have not registered (E-082, E-084)',
  params: StudyParams,
  body: z.object({ participantIds: ParticipantIds }).strict(),
  response: z.object({
    invited: z.array(z.object({ id: z.string(), participantId: z.string() })),
    refused: z.array(
      z.object({ id: z.string(), participantId: z.string().nullable(), message: z.object({ key: z.string() }) }),
    ),
  }),
});

export const listNotInvitedParticipants = defineEndpoint({
  id: 'listNotInvitedParticipants',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants-not-invited',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The participants added and not invited yet, with whether each can be invited now (E-073), at most 500',
  params: StudyParams,
  response: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        participantId: z.string(),
        participantName: z.string().nullable(),
        email: z.string().nullable(),
        /** Has an e-mail address and has not asked for no e-mail. */
        invitable: z.boolean(),
      }),
    ),
    /** More than 500: invite these, then ask again. */
    more: z.boolean(),
  }),
});

export const resendParticipantVerification = defineEndpoint({
  id: 'resendParticipantVerification',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/resend-verification',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Send a registered participant who has not confirmed their account a new code (and link) by their verification method (E-084)',
  params: ParticipantParams,
  response: z.object({
    verificationMethod: z.enum(['email', 'phone']),
    destination: z.string(),
    codeExpiresAt: z.string(),
  }),
});

export const setParticipantEmailSubscription = defineEndpoint({
  id: 'setParticipantEmailSubscription',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participant-email-subscription',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Record that participants asked for no more e-mail, or asked for it again (E-083), with a reason',
  params: StudyParams,
  body: z
    .object({
      participantIds: ParticipantIds,
      unsubscribeEmail: z.boolean(),
      reason: z.string().trim().min(3).max(500),
    })
    .strict(),
  response: z.object({ changed: z.number().int() }),
});

export const unsubscribeParticipantEmail = defineEndpoint({
  id: 'unsubscribeParticipantEmail',
  method: 'POST',
  path: '/api/v1/participants/:participantId/unsubscribe-email',
  audience: 'public',
  summary: 'The link in a participant’s e-mail: no more e-mail from the study (E-003)',
  params: z.object({ participantId: z.string().uuid() }).strict(),
  body: z.object({ token: z.string().min(10).max(200) }).strict(),
  response: z.object({ studyName: z.string() }),
});

export const exportParticipants = defineEndpoint({
  id: 'exportParticipants',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants-export',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The participant list as CSV (E-077): the same participants, filters and order as the list, every page',
  params: StudyParams,
  query: ParticipantListQuerySchema.omit({ pageNum: true, pageSize: true }),
  /** A file (text/csv): the typed client answers its text. */
  response: z.any(),
});

// ── the migration list (E-023, E-072) ───────────────────────────────────────────────────────────────────────────

export const moveParticipantsToVersion = defineEndpoint({
  id: 'moveParticipantsToVersion',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-migrations',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary:
    'Move participants onto a published version, all or none, with a reason (E-023); each one’s tasks are then made or moved by a schedule job',
  params: StudyParams,
  body: withReason({ participantIds: ParticipantIds, versionId: z.string().uuid() }),
  response: z.object({ moved: z.array(z.object({ id: z.string(), participantId: z.string() })) }),
});

export const MigrationStatusSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  versionId: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  /** The newest schedule job: the migration's progress (null: none ran). */
  job: z
    .object({ status: z.enum(SCHEDULE_JOB_STATUSES), processed: z.number().int(), total: z.number().int() })
    .nullable(),
});

export const getParticipantMigrationStatus = defineEndpoint({
  id: 'getParticipantMigrationStatus',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-migration-status',
  audience: 'staff',
  permission: 'participants.view',
  audit: false,
  noLoader: true,
  summary: 'For these participants, the version they are on and how far the move of their tasks is (E-072)',
  params: StudyParams,
  body: z.object({ participantIds: ParticipantIds }).strict(),
  response: z.object({ items: z.array(MigrationStatusSchema) }),
});
