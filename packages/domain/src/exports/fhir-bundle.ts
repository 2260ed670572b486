/**
 * FHIR R4 Bundle of type `collection` (`fhir/bundle.json`; HL7 FHIR R4 §Bundle, bundle-type collection): one entry
 * per activity revision (Questionnaire, toQuestionnaire) and per submission (QuestionnaireResponse,
 * toQuestionnaireResponse on a result payload rebuilt from the stored entries). fullUrl is `urn:uuid:` of the
 * revision or submission id (a uuid; any other id is hashed into one), so the same data gives the same bytes.
 * timestamp is the data's asOf. Streamed: open(), questionnaire(form) / response(form, s) per entry, close().
 */
import { toQuestionnaire } from '../activity/fhir/questionnaire';
import { toQuestionnaireResponse } from '../activity/fhir/response';
import { type ActivityResultPayload, DEFAULT_ACTIVITY_SCHEDULING_MODE, DEVICE_TYPE_WEB } from '../activity/payload';
import { isUuid } from '../uuid';
import { EXPORT_LANGUAGE } from './answers';
import type { ExportForm, ExportStudy, ExportSubmission } from './types';

/** A uuid-shaped deterministic hash of an id that is not a uuid (cyrb128: four 32-bit lanes). */
function hashedUuid(id: string): string {
  let [h1, h2, h3, h4] = [1779033703, 3144134277, 1013904242, 2773480762];
  for (let i = 0; i < id.length; i++) {
    const k = id.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  const hex = [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
  // version 8 (custom), variant 10
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const fhirFullUrl = (id: string): string => `urn:uuid:${isUuid(id) ? id.toLowerCase() : hashedUuid(id)}`;

/** Offset of the local completion time from UTC (`+HH:mm`), '' when either time is unreadable. */
export function localOffset(utc: string, local: string): string {
  const u = Date.parse(utc);
  const l = Date.parse(`${local.slice(0, 19)}Z`);
  if (Number.isNaN(u) || Number.isNaN(l)) return '';
  const minutes = Math.round((l - u) / 60000);
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The result payload a stored submission stands for (what toQuestionnaireResponse maps). */
export function submissionPayload(study: ExportStudy, form: ExportForm, s: ExportSubmission): ActivityResultPayload {
  return {
    studyId: study.studyId,
    surveyId: form.activity.id,
    activityId: form.activity.activityId,
    participantId: s.participantCode,
    results: [...s.answers],
    deviceType: DEVICE_TYPE_WEB,
    uuidFromMobile: s.submissionId,
    deviceId: '',
    imageFileNames: [],
    taskInstanceId: null,
    studyVersionId: study.versionNumber === null ? '' : String(study.versionNumber),
    completionTimeUtc: s.completedAt,
    completionTimeLocal: s.completedLocal,
    completionLocalOffset: localOffset(s.completedAt, s.completedLocal),
    activitySchedulingMode: DEFAULT_ACTIVITY_SCHEDULING_MODE,
  };
}

export interface FhirBundleWriter {
  open(): string;
  questionnaire(form: ExportForm): string;
  response(form: ExportForm, s: ExportSubmission): string;
  close(): string;
}

export function fhirBundleWriter(study: ExportStudy): FhirBundleWriter {
  let first = true;
  const entry = (fullUrl: string, resource: unknown) => {
    // FHIR JSON has no empty arrays: `entry` opens with the first entry
    const sep = first ? ',"entry":[\n' : ',\n';
    first = false;
    return `${sep}${JSON.stringify({ fullUrl, resource })}`;
  };
  return {
    open: () => {
      first = true;
      const head = {
        resourceType: 'Bundle',
        id: `${study.code}-${study.environment}`.replace(/[^A-Za-z0-9\-.]/g, '-').slice(0, 64),
        meta: { lastUpdated: study.asOf },
        identifier: {
          system: 'https://trialpath.dev/fhir/export',
          value: `${study.studyId}/${study.environment}/${study.asOf}`,
        },
        type: 'collection',
        timestamp: study.asOf,
      };
      return JSON.stringify(head).slice(0, -1);
    },
    questionnaire: (form) => entry(fhirFullUrl(form.revisionId), toQuestionnaire(form.activity, EXPORT_LANGUAGE)),
    response: (form, s) =>
      entry(fhirFullUrl(s.submissionId), toQuestionnaireResponse(form.activity, submissionPayload(study, form, s))),
    close: () => (first ? '}\n' : '\n]}\n'),
  };
}
