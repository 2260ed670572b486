/**
 * The server's one entry point: re-run every rule and branching decision on a whole submission and
 * return, per question, the errors, warnings and data checks the browser showed. Answers to questions
 * that branching disabled are refused. It never throws, whatever it is given.
 */
import type { Answer } from './answer';
import { decodeEntry } from './answer-codec';
import { computeFlow, flowIndex } from './branching';
import { type Activity, ActivitySchema, type Question } from './model';
import { type ActivityResultPayload, ActivityResultPayloadSchema } from './payload';
import { fastParsePayload } from './payload-fast';
import { type DataCheckRecord, messageText, msg, type QuestionResult, type RuleMessage } from './result';
import type { RuleContext } from './rules/context';
import { type ActivityScore, scoreActivity } from './scoring/scoring';
import { validateQuestion } from './validate-question';

export interface TextMessage extends RuleMessage {
  text: string;
}

export interface SubmissionQuestionResult {
  status: QuestionResult['status'];
  disabled: boolean;
  errors: TextMessage[];
  warnings: TextMessage[];
  dataChecks: DataCheckRecord[];
}

export interface SubmissionResult {
  valid: boolean;
  /** Problems of the payload as a whole (bad shape, unknown or repeated questions). */
  errors: TextMessage[];
  /** Per question identifier of the flow. */
  questions: Record<string, SubmissionQuestionResult>;
  dataChecks: DataCheckRecord[];
  score: ActivityScore | null;
  /** The parsed payload (defaults filled) when it was well formed. */
  payload?: ActivityResultPayload;
}

export type SubmissionContext = RuleContext;

const parsedActivities = new WeakMap<object, Activity | null>();

function asActivity(input: unknown): Activity | null {
  if (typeof input !== 'object' || input === null) return null;
  if (parsedActivities.has(input)) return parsedActivities.get(input) ?? null;
  const r = ActivitySchema.safeParse(input);
  const a = r.success ? r.data : null;
  parsedActivities.set(input, a);
  if (a) parsedActivities.set(a, a);
  return a;
}

const byIdCache = new WeakMap<Activity, Map<string, Question>>();
function questionsById(activity: Activity): Map<string, Question> {
  let m = byIdCache.get(activity);
  if (!m) {
    m = new Map(activity.questions.map((q) => [q.identifier, q]));
    byIdCache.set(activity, m);
  }
  return m;
}

function texts(list: RuleMessage[], lang: string): TextMessage[] {
  if (list.length === 0) return [];
  return list.map((m) => ({ ...m, text: messageText(m, lang) }));
}

function failed(m: RuleMessage, lang: string): SubmissionResult {
  return { valid: false, errors: texts([m], lang), questions: {}, dataChecks: [], score: null };
}

function run(activityInput: unknown, payloadInput: unknown, ctx: SubmissionContext): SubmissionResult {
  const lang = typeof ctx.language === 'string' ? ctx.language : 'en';
  const activity = asActivity(activityInput);
  if (!activity) return failed(msg('activity.invalidActivity'), lang);
  let payload = fastParsePayload(payloadInput);
  if (!payload) {
    const p = ActivityResultPayloadSchema.safeParse(payloadInput);
    if (!p.success) return failed(msg('activity.invalidPayload'), lang);
    payload = p.data;
  }

  const byId = questionsById(activity);
  const errors: RuleMessage[] = [];
  const answers: Record<string, Answer | undefined> = {};
  const given = new Set<string>();
  const mismatched = new Set<string>();
  for (const e of payload.results) {
    const q = byId.get(e.questionId);
    if (!q) {
      errors.push(msg('activity.unknownQuestion', { questionId: e.questionId }, e.questionId));
      continue;
    }
    if (given.has(q.identifier)) {
      errors.push(msg('activity.invalidPayload', { questionId: e.questionId }, e.questionId));
      continue;
    }
    given.add(q.identifier);
    if (e.questionType !== q.type) mismatched.add(q.identifier);
    answers[q.identifier] = decodeEntry(q, e);
  }

  const { disabled } = computeFlow(activity, answers);
  const questions: Record<string, SubmissionQuestionResult> = {};
  const dataChecks: DataCheckRecord[] = [];
  let valid = errors.length === 0;
  const ruleCtx = {
    now: ctx.now,
    timeZone: ctx.timeZone,
    language: lang,
    allowDataEditChecks: activity.allowDataEditChecks,
  };
  for (const q of flowIndex(activity).flow) {
    const a = answers[q.identifier];
    if (disabled.has(q.identifier)) {
      const refused = a !== undefined ? [msg('activity.answerToDisabled')] : [];
      if (refused.length) valid = false;
      questions[q.identifier] = {
        status: 'Completed',
        disabled: true,
        errors: texts(refused, lang),
        warnings: [],
        dataChecks: [],
      };
      continue;
    }
    const r = validateQuestion(q, a, ruleCtx);
    if (mismatched.has(q.identifier)) r.errors.unshift(msg('activity.invalidPayload'));
    if (r.errors.length) valid = false;
    if (r.dataChecks.length) dataChecks.push(...r.dataChecks);
    questions[q.identifier] = {
      status: r.status,
      disabled: false,
      errors: texts(r.errors, lang),
      warnings: texts(r.warnings, lang),
      dataChecks: r.dataChecks,
    };
  }
  const score = scoreActivity(activity, answers, disabled);
  return { valid, errors: texts(errors, lang), questions, dataChecks, score, payload };
}

/** Validate a whole submission. Never throws: any unexpected input gives an invalid result. */
export function validateSubmission(
  activity: unknown,
  payload: unknown,
  context: SubmissionContext = {},
): SubmissionResult {
  try {
    return run(activity, payload, context && typeof context === 'object' ? context : {});
  } catch {
    return failed(msg('activity.invalidPayload'), 'en');
  }
}
