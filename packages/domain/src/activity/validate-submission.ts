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
import { keyedRecord } from './records';
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

/** What validating a submission needs of its activity, worked out once per activity. */
interface SubmissionPlan {
  /** Position in activity.questions per identifier. */
  indexOf: Map<string, number>;
  /** Every identifier, in order (keys of the answers record). */
  ids: string[];
  flow: Question[];
  /** Position in activity.questions of each flow question. */
  flowAt: number[];
  /** Identifiers of the flow (keys of the per-question results). */
  flowIds: string[];
}

const plans = new WeakMap<Activity, SubmissionPlan>();
function planOf(activity: Activity): SubmissionPlan {
  let plan = plans.get(activity);
  if (!plan) {
    const ids = activity.questions.map((q) => q.identifier);
    const { flow } = flowIndex(activity);
    const indexOf = new Map(ids.map((id, i) => [id, i]));
    plan = {
      indexOf,
      ids,
      flow,
      flowAt: flow.map((q) => indexOf.get(q.identifier) as number),
      flowIds: flow.map((q) => q.identifier),
    };
    plans.set(activity, plan);
  }
  return plan;
}

/** The messages with their texts. Every caller hands over a fresh list, so an empty one is kept. */
function texts(list: RuleMessage[], lang: string): TextMessage[] {
  if (list.length === 0) return list as TextMessage[];
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

  const plan = planOf(activity);
  const errors: RuleMessage[] = [];
  const answers = keyedRecord<Answer | undefined>(plan.ids);
  // per question position: 0 no entry, 1 an entry, 2 an entry of another question type
  const given = new Uint8Array(plan.ids.length);
  for (const e of payload.results) {
    const i = plan.indexOf.get(e.questionId);
    if (i === undefined) {
      errors.push(msg('activity.unknownQuestion', { questionId: e.questionId }, e.questionId));
      continue;
    }
    if (given[i] !== 0) {
      errors.push(msg('activity.invalidPayload', { questionId: e.questionId }, e.questionId));
      continue;
    }
    const q = activity.questions[i] as Question;
    given[i] = e.questionType === q.type ? 1 : 2;
    answers[q.identifier] = decodeEntry(q, e);
  }

  const { disabled } = computeFlow(activity, answers);
  const questions = keyedRecord<SubmissionQuestionResult>(plan.flowIds);
  const dataChecks: DataCheckRecord[] = [];
  let valid = errors.length === 0;
  const ruleCtx = {
    now: ctx.now,
    timeZone: ctx.timeZone,
    language: lang,
    allowDataEditChecks: activity.allowDataEditChecks,
  };
  const { flow, flowAt } = plan;
  for (let k = 0; k < flow.length; k++) {
    const q = flow[k] as Question;
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
    if (given[flowAt[k] as number] === 2) r.errors.unshift(msg('activity.invalidPayload'));
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
