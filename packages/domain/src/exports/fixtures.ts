/**
 * Export inputs for the format tests and the bench: a study, the every-type activity as one revision, submissions
 * (a complete one, a site-entered signed one with hostile text, an empty one) and audit entries.
 */
import { buildResultPayload } from '../activity/build-payload';
import { EVERY_TYPE_ACTIVITY, META, VALID_ANSWERS } from '../activity/fixtures';
import type { AnswerEntry } from '../activity/payload';
import type { OdmAdmin } from './odm';
import type { ExportAuditEntry, ExportForm, ExportStudy, ExportSubmission } from './types';

export const EXPORT_STUDY: ExportStudy = {
  studyId: '5b3f2a10-0000-4000-8000-000000000001',
  code: 'DEMO',
  name: 'Demo study',
  environment: 'LIVE',
  versionNumber: 2,
  asOf: '2024-06-20T09:00:00.000Z',
};

export const EXPORT_FORM: ExportForm = {
  activityId: EVERY_TYPE_ACTIVITY.activityId,
  revisionId: '7d1c0c3e-0000-4000-8000-000000000003',
  revisionNumber: 3,
  activity: EVERY_TYPE_ACTIVITY,
};

const complete = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META).results;
const withAnswer = (id: string, change: Partial<AnswerEntry>) =>
  complete.map((e) => (e.questionId === id ? { ...e, ...change } : e));

/** A site-entered answer set with text a spreadsheet or an XML parser could trip over. */
const hostile: AnswerEntry[] = [
  ...withAnswer('notes', { answerText: '=HYPERLINK("http://x","a,b")\r\nline 2 | pipe \u0001 \uD800' })
    .map((e) => (e.questionId === 'mood' ? { ...e, optionId: 'mood-other', answerText: 'Tired, "very"' } : e))
    .map((e) => (e.questionId === 'steps' ? { ...e, answerText: '-12' } : e))
    .map((e) => (e.questionId === 'weight' ? { ...e, isSkipped: true, answerText: '' } : e)),
  { ...complete[1]!, questionId: 'mood', optionId: 'good' },
  { ...complete[1]!, questionId: 'retired-question', questionType: 'Text', optionId: '', answerText: 'kept' },
];

export const EXPORT_SUBMISSIONS: ExportSubmission[] = [
  {
    submissionId: '9a000000-0000-4000-8000-000000000001',
    participantCode: 'P-001',
    siteCode: 'US-001',
    activityId: EXPORT_FORM.activityId,
    revisionId: EXPORT_FORM.revisionId,
    completedAt: '2024-06-15T14:30:00Z',
    completedLocal: '2024-06-15T10:30:00',
    source: 'participant',
    answers: complete,
    signature: null,
  },
  {
    submissionId: '9a000000-0000-4000-8000-000000000002',
    participantCode: 'P-001',
    siteCode: 'US-001',
    activityId: EXPORT_FORM.activityId,
    revisionId: EXPORT_FORM.revisionId,
    completedAt: '2024-06-16T08:00:00Z',
    completedLocal: '2024-06-16T04:00:00',
    source: 'site',
    enteredBy: 'user-crc',
    answers: hostile,
    signature: { signedBy: 'user-pi', signedAt: '2024-06-16T09:00:00Z', meaning: 'Investigator approval' },
  },
  {
    submissionId: '9a000000-0000-4000-8000-000000000003',
    participantCode: '-P<2>&',
    siteCode: 'ES-001',
    activityId: EXPORT_FORM.activityId,
    revisionId: EXPORT_FORM.revisionId,
    completedAt: '2024-06-17T08:00:00Z',
    completedLocal: '2024-06-17T10:00:00',
    source: 'participant',
    answers: complete.map((e) => ({ ...e, isSkipped: true, answerText: '', optionId: '' })),
    signature: null,
  },
];

export const EXPORT_AUDITS: ExportAuditEntry[] = [
  {
    id: '101',
    at: '2024-06-16T08:30:00Z',
    actorId: 'user-crc',
    actorType: 'user',
    actorName: 'Carla Site',
    action: 'edc.answer.corrected',
    entityType: 'activity_response',
    entityId: '9a000000-0000-4000-8000-000000000002',
    participantCode: 'P-001',
    submissionId: '9a000000-0000-4000-8000-000000000002',
    itemKey: 'steps',
    before: { answerText: '12' },
    after: { answerText: '-12' },
    reason: 'Transcription error <fixed> & checked',
  },
  {
    id: '100',
    at: '2024-06-15T14:30:01Z',
    actorId: 'p-1',
    actorType: 'participant',
    actorName: 'P-001',
    action: 'activity.submitted',
    entityType: 'activity_response',
    entityId: '9a000000-0000-4000-8000-000000000001',
    participantCode: 'P-001',
    submissionId: '9a000000-0000-4000-8000-000000000001',
    itemKey: null,
    before: null,
    after: { answers: 17 },
    reason: null,
  },
  {
    id: '102',
    at: '2024-06-16T09:00:00Z',
    actorId: null,
    actorName: 'system',
    action: 'task.completed',
    entityType: 'task',
    entityId: 'task-9',
    participantCode: 'P-001',
    submissionId: '9a000000-0000-4000-8000-000000000002',
    itemKey: 'symptoms',
    before: null,
    after: null,
    reason: null,
  },
];

export const EXPORT_ADMIN: OdmAdmin = {
  users: [
    { id: 'user-pi', name: 'Dr. Ana Investigator' },
    { id: 'user-crc', name: 'Carla Site' },
  ],
  sites: [
    { code: 'US-001', name: 'Boston' },
    { code: 'ES-001', name: 'Madrid' },
  ],
  signatureMeanings: ['Investigator approval', 'Reviewed'],
};
