/**
 * A fast path for the hot server call: a structural check of a result payload that accepts only
 * what ActivityResultPayloadSchema accepts (a property test holds them together). When it says no,
 * the zod schema decides, so zod stays the one definition.
 */
import { type ActivityResultPayload, DEFAULT_ACTIVITY_SCHEDULING_MODE, DEVICE_TYPE_WEB } from './payload';
import { isQuestionType } from './question-types';

const MAX_TEXT = 100_000;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_TEXT;
const ENTRY_TEXTS = [
  'displayLanguage',
  'displayAnswerText',
  'displayQuestionText',
  'questionText',
  'startTime',
  'endTime',
  'siteId',
  'answerText',
  'optionId',
] as const;

/** Keys of an entry: the texts plus appLanguageId, questionId, questionType, isSkipped, timeTaken, status. */
const ENTRY_KEY_COUNT = ENTRY_TEXTS.length + 6;

function plain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function entryOk(e: unknown): boolean {
  if (!plain(e)) return false;
  // ENTRY_TEXTS, read by name rather than in a loop over the key list: the entries of a payload
  // share one shape, so each read stays a direct field load (this runs for every answer)
  if (
    !isText(e.displayLanguage) ||
    !isText(e.displayAnswerText) ||
    !isText(e.displayQuestionText) ||
    !isText(e.questionText) ||
    !isText(e.startTime) ||
    !isText(e.endTime) ||
    !isText(e.siteId) ||
    !isText(e.answerText) ||
    !isText(e.optionId)
  ) {
    return false;
  }
  const lang = e.appLanguageId;
  const q = e.questionId;
  return (
    (typeof lang === 'string' || (typeof lang === 'number' && Number.isFinite(lang))) &&
    typeof q === 'string' &&
    q.length >= 1 &&
    q.length <= 200 &&
    isQuestionType(e.questionType) &&
    typeof e.isSkipped === 'boolean' &&
    (e.timeTaken === undefined || (typeof e.timeTaken === 'number' && Number.isFinite(e.timeTaken))) &&
    (e.status === 'Completed' || e.status === 'Incomplete')
  );
}

/** The payload with defaults filled when it is plainly well formed; null means "ask zod". */
export function fastParsePayload(p: unknown): ActivityResultPayload | null {
  if (!plain(p)) return null;
  const r = p.results;
  if (!Array.isArray(r) || r.length > 1000) return null;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v.length >= 1;
  if (!nonEmpty(p.studyId) || !nonEmpty(p.activityId) || !nonEmpty(p.participantId)) return null;
  const uuid = p.uuidFromMobile;
  if (typeof uuid !== 'string' || uuid.length < 1 || uuid.length > 100) return null;
  for (const k of [
    'surveyId',
    'deviceId',
    'studyVersionId',
    'completionTimeUtc',
    'completionTimeLocal',
    'completionLocalOffset',
  ]) {
    if (typeof p[k] !== 'string') return null;
  }
  if (p.taskInstanceId !== null && typeof p.taskInstanceId !== 'string') return null;
  if (p.deviceType !== undefined && p.deviceType !== DEVICE_TYPE_WEB) return null;
  if (p.activitySchedulingMode !== undefined && typeof p.activitySchedulingMode !== 'string') return null;
  const images = p.imageFileNames;
  if (images !== undefined && !(Array.isArray(images) && images.every((s) => typeof s === 'string'))) return null;
  for (const e of r) if (!entryOk(e)) return null;
  const results = r.map((e) => {
    // an entry holding exactly the schema's keys is used as it is (nothing to strip or fill)
    let keys = 0;
    for (const _ in e) keys++;
    if (keys === ENTRY_KEY_COUNT && e.timeTaken !== undefined) return e as ActivityResultPayload['results'][number];
    const { appLanguageId, displayLanguage, displayAnswerText, displayQuestionText, questionId, questionType } = e;
    return {
      appLanguageId,
      displayLanguage,
      displayAnswerText,
      displayQuestionText,
      questionId,
      questionType,
      questionText: e.questionText,
      isSkipped: e.isSkipped,
      timeTaken: e.timeTaken ?? 1,
      startTime: e.startTime,
      endTime: e.endTime,
      status: e.status,
      siteId: e.siteId,
      answerText: e.answerText,
      optionId: e.optionId,
    };
  });
  return {
    studyId: p.studyId as string,
    surveyId: p.surveyId as string,
    activityId: p.activityId as string,
    participantId: p.participantId as string,
    results,
    deviceType: DEVICE_TYPE_WEB,
    uuidFromMobile: uuid,
    deviceId: p.deviceId as string,
    imageFileNames: (images as string[] | undefined) ? [...(images as string[])] : [],
    taskInstanceId: p.taskInstanceId as string | null,
    studyVersionId: p.studyVersionId as string,
    completionTimeUtc: p.completionTimeUtc as string,
    completionTimeLocal: p.completionTimeLocal as string,
    completionLocalOffset: p.completionLocalOffset as string,
    activitySchedulingMode: (p.activitySchedulingMode as string | undefined) ?? DEFAULT_ACTIVITY_SCHEDULING_MODE,
  };
}
