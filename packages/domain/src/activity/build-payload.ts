/**
 * Package the participant's answers into the activity result payload (001 §3): one entry per question
 * of the flow (questions disabled by branching go as skipped), completion time in UTC, local and the
 * offset, the spec's defaults.
 */
import dayjs from 'dayjs';
import type { AnswerMap } from './answer';
import { displayAnswerText, encodeAnswer } from './answer-codec';
import { computeFlow, flowIndex } from './branching';
import { type Activity, localize } from './model';
import {
  ANSWER_TIME_TAKEN,
  type ActivityResultPayload,
  DEFAULT_ACTIVITY_SCHEDULING_MODE,
  DEVICE_TYPE_WEB,
} from './payload';
import { isAlwaysPassType } from './question-types';
import { zonedNow } from './rules/context';
import { questionDisplayText } from './question-text';
import { ownValue } from './records';
import { answerStatus } from './rules/required';

export interface PayloadMeta {
  studyId: string;
  surveyId?: string;
  participantId: string;
  deviceId: string;
  uuidFromMobile: string;
  taskInstanceId?: string | null;
  studyVersionId: string;
  siteId: string;
  appLanguageId: string | number;
  /** Language culture of the texts, e.g. `en`, `es`. */
  displayLanguage: string;
  completedAt?: Date | string | number;
  timeZone?: string;
  imageFileNames?: string[];
  activitySchedulingMode?: string;
  /** Per question identifier: when the participant opened and left the question (ISO). */
  times?: Record<string, { startTime: string; endTime: string } | undefined>;
}

export function buildResultPayload(activity: Activity, answers: AnswerMap, meta: PayloadMeta): ActivityResultPayload {
  const lang = meta.displayLanguage;
  const { disabled } = computeFlow(activity, answers);
  const done = zonedNow({ now: meta.completedAt ?? Date.now(), timeZone: meta.timeZone ?? 'UTC' });
  const results = flowIndex(activity).flow.map((q) => {
    const off = disabled.has(q.identifier);
    const a = off ? undefined : ownValue(answers, q.identifier);
    const { answerText, optionId } = encodeAnswer(q, a);
    const t = ownValue(meta.times, q.identifier);
    return {
      appLanguageId: meta.appLanguageId,
      displayLanguage: lang,
      displayAnswerText: displayAnswerText(q, a, lang),
      displayQuestionText: questionDisplayText(q, lang),
      questionId: q.identifier,
      questionType: q.type,
      questionText: localize(q.body, lang),
      isSkipped: off || (!isAlwaysPassType(q.type) && (!a || a.skipped === true)),
      timeTaken: ANSWER_TIME_TAKEN,
      startTime: t?.startTime ?? '',
      endTime: t?.endTime ?? '',
      status: off ? ('Completed' as const) : answerStatus(q, a),
      siteId: meta.siteId,
      answerText,
      optionId,
    };
  });
  return {
    studyId: meta.studyId,
    surveyId: meta.surveyId ?? activity.id,
    activityId: activity.activityId,
    participantId: meta.participantId,
    results,
    deviceType: DEVICE_TYPE_WEB,
    uuidFromMobile: meta.uuidFromMobile,
    deviceId: meta.deviceId,
    imageFileNames: meta.imageFileNames ?? [],
    taskInstanceId: meta.taskInstanceId ?? null,
    studyVersionId: meta.studyVersionId,
    completionTimeUtc: dayjs(done).utc().format('YYYY-MM-DDTHH:mm:ss[Z]'),
    completionTimeLocal: done.format('YYYY-MM-DDTHH:mm:ss'),
    completionLocalOffset: done.format('Z'),
    activitySchedulingMode: meta.activitySchedulingMode ?? DEFAULT_ACTIVITY_SCHEDULING_MODE,
  };
}
