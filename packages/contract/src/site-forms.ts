/**
 * EDC: site data entry of data capture forms (issue 12; E-012, E-013; decision E-edc). Site staff enter a
 * participant's data capture forms — the scheduled ones of their tasks (each form of a packet on its own) and
 * unscheduled ones they start — on one page, through the same questions and rules as the participant. A save is
 * incomplete (kept as entered, hard rules of each type still hold) or complete (validateSubmission); a change to a
 * saved value needs a reason for change and keeps the old value in the audit trail; `expectedUpdatedAt` refuses a save
 * over someone else's (409). The investigator signs a completed entry with their password (21 CFR 11.50); a later
 * change clears the signature. Entries, or a whole site's data, are locked and unlocked (with a reason) by who holds
 * data.lock. Answers to unblindedOnly questions never reach a blinded reader.
 *
 * An entry's key (`entryKey`): `<taskId>:<activityId>` for a scheduled form (the same before and after its first
 * save), the entry's id for an unscheduled one.
 */
import { ActivitySchema, AnswerSchema, SITE_FORM_STATUSES } from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const Uuid = z.string().uuid();
const UUID_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A scheduled form's key (task id, then the form's activity id) or an unscheduled entry's id. */
export const SITE_FORM_KEY_PATTERN = new RegExp(`^(${UUID_TEXT}:[^:/]{1,200}|${UUID_TEXT})$`);
export const siteFormKeyOf = (taskId: string, activityId: string) => `${taskId}:${activityId}`;

const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();
const EntryParams = ParticipantParams.extend({ entryKey: z.string().regex(SITE_FORM_KEY_PATTERN) }).strict();
const SiteParams = z.object({ studyId: Uuid, siteId: Uuid }).strict();

const PersonStampSchema = z.object({ name: z.string(), at: z.string() });

export const SiteFormSignatureSchema = z.object({
  signerName: z.string(),
  /** What the signature means (21 CFR 11.50), in the signer's language. */
  meaning: z.string(),
  signedAt: z.string(),
});

/** What the caller may do to entries of this participant (the route's permission and a writable assignment). */
const MaySchema = z.object({ enter: z.boolean(), sign: z.boolean(), lock: z.boolean() });

export const SiteFormSummarySchema = z.object({
  key: z.string(),
  /** null: a scheduled form nobody has saved yet. */
  entryId: z.string().nullable(),
  scheduled: z.boolean(),
  taskId: z.string().nullable(),
  activityId: z.string(),
  activityIdentifier: z.string().nullable(),
  activityName: z.string().nullable(),
  packetId: z.string().nullable(),
  /** The visit's study day (scheduled forms). */
  startDay: z.number().int().nullable(),
  opensAt: z.string().nullable(),
  status: z.enum(SITE_FORM_STATUSES),
  locked: z.boolean(),
  signature: SiteFormSignatureSchema.nullable(),
  created: PersonStampSchema.nullable(),
  updated: PersonStampSchema.nullable(),
});
export type SiteFormSummary = z.infer<typeof SiteFormSummarySchema>;

export const SiteLockSchema = z.object({ lockedBy: z.string(), lockedAt: z.string() });

export const listSiteForms = defineEndpoint({
  id: 'listSiteForms',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    "The participant's site forms (E-012, E-013): scheduled ones from their tasks and unscheduled entries, with status, lock, signature and who changed them last; and the forms that can be started unscheduled",
  params: ParticipantParams,
  response: z.object({
    siteId: z.string(),
    siteLock: SiteLockSchema.nullable(),
    may: MaySchema,
    items: z.array(SiteFormSummarySchema),
    /** The data capture forms of the participant's version, to start one unscheduled. */
    unscheduledForms: z.array(
      z.object({ activityId: z.string(), identifier: z.string().nullable(), name: z.string().nullable() }),
    ),
  }),
});

export const SiteFormChangeSchema = z.object({
  /** The question identifier. */
  item: z.string(),
  /** The answer before (null: none) and after (null: cleared). */
  oldValue: AnswerSchema.nullable(),
  newValue: AnswerSchema.nullable(),
});

export const SiteFormTrailEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** What happened, for people (the audit action's summary). */
  summary: z.string(),
  at: z.string(),
  by: z.string(),
  reason: z.string().nullable(),
  /** The values changed (saves only; a blinded reader never gets the unblinded ones). */
  changes: z.array(SiteFormChangeSchema),
});
export type SiteFormTrailEntry = z.infer<typeof SiteFormTrailEntrySchema>;

export const SiteFormEntrySchema = SiteFormSummarySchema.extend({
  versionId: z.string(),
  /** The form as the reader may see it (unblindedOnly questions left out for a blinded one). */
  activity: ActivitySchema,
  answers: z.record(z.string(), AnswerSchema),
  /** Send back as expectedUpdatedAt: null before the first save. */
  updatedAt: z.string().nullable(),
  siteLocked: z.boolean(),
  may: MaySchema,
  /** The entry's audit trail, newest first. */
  history: z.array(SiteFormTrailEntrySchema),
});
export type SiteFormEntry = z.infer<typeof SiteFormEntrySchema>;

export const getSiteForm = defineEndpoint({
  id: 'getSiteForm',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'One site form: its definition as the reader may see it, its answers, state and history',
  params: EntryParams,
  response: SiteFormEntrySchema,
});

export const SITE_FORM_REASON_MAX = 500;

export const saveSiteForm = defineEndpoint({
  id: 'saveSiteForm',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey',
  audience: 'staff',
  permission: 'responses.enter',
  summary:
    'Save a site form: incomplete (hard rules only) or complete (every rule); a change to a saved value needs a reason; refused (409) when someone saved meanwhile',
  params: EntryParams,
  body: z
    .object({
      answers: z.record(z.string().min(1).max(200), AnswerSchema),
      complete: z.boolean(),
      /** The entry's updatedAt as read (null: not saved yet). */
      expectedUpdatedAt: z.string().max(40).nullable(),
      /** Reason for change: needed when a saved value changes. */
      reason: z.string().trim().min(1).max(SITE_FORM_REASON_MAX).optional(),
    })
    .strict(),
  response: SiteFormEntrySchema.extend({
    /** Soft warnings per question identifier. */
    warnings: z.record(z.string(), z.array(z.string())),
  }),
});

export const startUnscheduledSiteForm = defineEndpoint({
  id: 'startUnscheduledSiteForm',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms',
  audience: 'staff',
  permission: 'responses.enter',
  summary:
    "Start an unscheduled entry of one of the data capture forms of the participant's version (an unscheduled visit)",
  params: ParticipantParams,
  body: z.object({ activityId: z.string().min(1).max(200) }).strict(),
  response: SiteFormEntrySchema,
});

export const signSiteForm = defineEndpoint({
  id: 'signSiteForm',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey/signature',
  audience: 'staff',
  permission: 'responses.sign',
  summary: 'The investigator signs a completed site form with their password (21 CFR 11.50); a later change clears it',
  params: EntryParams,
  body: z.object({ currentPassword: z.string().min(1).max(200) }).strict(),
  response: SiteFormEntrySchema,
});

export const lockSiteForm = defineEndpoint({
  id: 'lockSiteForm',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey/lock',
  audience: 'staff',
  permission: 'data.lock',
  summary: 'Lock one site form: nothing changes until it is unlocked',
  params: EntryParams,
  body: z.object({}).strict(),
  response: SiteFormEntrySchema,
});

export const unlockSiteForm = defineEndpoint({
  id: 'unlockSiteForm',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey/unlock',
  audience: 'staff',
  permission: 'data.lock',
  reasonRequired: true,
  summary: 'Unlock one site form, with a reason (also under a site lock: a correction)',
  params: EntryParams,
  body: withReason({}),
  response: SiteFormEntrySchema,
});

export const getSiteFormTrail = defineEndpoint({
  id: 'getSiteFormTrail',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-forms/:entryKey/audit-trail',
  audience: 'staff',
  permission: 'responses.view',
  summary: "A site form's audit trail, newest first: each change's item, old and new value, reason, who and when",
  params: EntryParams,
  response: z.object({ items: z.array(SiteFormTrailEntrySchema) }),
});

export const SiteDataLockResultSchema = z.object({
  siteId: z.string(),
  siteLock: SiteLockSchema.nullable(),
  /** How many entries the call locked or unlocked. */
  entries: z.number().int(),
});

/** Whether a site's form data is locked in this data space, and whether the caller may lock or unlock it. */
export const getSiteDataLock = defineEndpoint({
  id: 'getSiteDataLock',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sites/:siteId/site-forms/lock',
  audience: 'staff',
  permission: 'responses.view',
  summary: "A site's form data lock in this data space (who locked it, when) and whether the caller may change it",
  params: SiteParams,
  response: z.object({ siteId: z.string(), siteLock: SiteLockSchema.nullable(), mayLock: z.boolean() }),
});

export const lockSiteData = defineEndpoint({
  id: 'lockSiteData',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId/site-forms/lock',
  audience: 'staff',
  permission: 'data.lock',
  summary: "Lock a site's form data in this data space: every entry of its participants, and no new entry",
  params: SiteParams,
  body: z.object({}).strict(),
  response: SiteDataLockResultSchema,
});

export const unlockSiteData = defineEndpoint({
  id: 'unlockSiteData',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId/site-forms/unlock',
  audience: 'staff',
  permission: 'data.lock',
  reasonRequired: true,
  summary: "Unlock a site's form data, with a reason: the site lock and every entry's lock are lifted",
  params: SiteParams,
  body: withReason({}),
  response: SiteDataLockResultSchema,
});
