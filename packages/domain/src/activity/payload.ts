/**
 * The activity result payload and its per-answer entries, exactly as spec 001 §3 lists them
 * (deviceType Web, timeTaken 1, activitySchedulingMode default both). An answer travels as
 * answerText + optionId (comma-separated option ids); encodeAnswer/decodeEntry convert.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from './question-types';

export const DEVICE_TYPE_WEB = 'Web';
export const DEFAULT_ACTIVITY_SCHEDULING_MODE = 'both';
export const ANSWER_TIME_TAKEN = 1;

const Text = z.string().max(100_000);

export const AnswerEntrySchema = z.object({
  appLanguageId: z.union([z.string(), z.number()]),
  displayLanguage: Text,
  displayAnswerText: Text,
  displayQuestionText: Text,
  /** The question's identifier. */
  questionId: z.string().min(1).max(200),
  questionType: z.enum(QUESTION_TYPES),
  questionText: Text,
  isSkipped: z.boolean(),
  timeTaken: z.number().default(ANSWER_TIME_TAKEN),
  startTime: Text,
  endTime: Text,
  status: z.enum(['Completed', 'Incomplete']),
  siteId: Text,
  /** Typed value, ISO date, `HH:mm` time, `date`T`time`, the other option's text, or medication JSON. */
  answerText: Text,
  /** Chosen option ids, comma separated. */
  optionId: Text,
});
export type AnswerEntry = z.infer<typeof AnswerEntrySchema>;
export type AnswerEntryInput = z.input<typeof AnswerEntrySchema>;

export const ActivityResultPayloadSchema = z.object({
  studyId: z.string().min(1),
  surveyId: z.string(),
  activityId: z.string().min(1),
  participantId: z.string().min(1),
  results: z.array(AnswerEntrySchema).max(1000),
  deviceType: z.literal(DEVICE_TYPE_WEB).default(DEVICE_TYPE_WEB),
  /** Client-made id of this submission: the same id is stored once (idempotent). */
  uuidFromMobile: z.string().min(1).max(100),
  deviceId: z.string(),
  imageFileNames: z.array(z.string()).default([]),
  taskInstanceId: z.string().nullable(),
  studyVersionId: z.string(),
  completionTimeUtc: z.string(),
  completionTimeLocal: z.string(),
  /** Offset of the local time from UTC, `+HH:mm`. */
  completionLocalOffset: z.string(),
  activitySchedulingMode: z.string().default(DEFAULT_ACTIVITY_SCHEDULING_MODE),
});
export type ActivityResultPayload = z.infer<typeof ActivityResultPayloadSchema>;
export type ActivityResultPayloadInput = z.input<typeof ActivityResultPayloadSchema>;
