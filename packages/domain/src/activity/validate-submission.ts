/**
 * The server's one entry point: re-run every rule and branching decision on a whole submission and
 * return, per question, the errors, warnings and data checks the browser showed. Answers to questions
 * that branching disabled are refused. It never throws, whatever it is given.
 */
import type { Answer } from './answer';
import { decodeEntry } from './answer-codec';
import { computeFlow, flowIndex } from './branching';
import { type Activity, ActivitySchema, type Question } from './model';
import { type ActivityResultPayload, ActivityResultPayloadSchema, type AnswerEntry } from './payload';
import { fastParsePayload } from './payload-fast';
import { isPreparedActivity, memoIfPrepared } from './prepared';
import { emptyRecord, keyedRecord } from './records';
import { type DataCheckRecord, messageText, msg, type QuestionResult, type RuleMessage } from './result';
import type { RuleContext } from './rules/context';
import { type ActivityScore, scoreAnswers } from './scoring/scoring';
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
  /** Problems of the payload as a whole (bad shape; unknown, repeated or out-of-flow questions). */
  errors: TextMessage[];
  /** Per question identifier of the flow (a record without prototype: any identifier is a key). */
  questions: Record<string, SubmissionQuestionResult>;
  dataChecks: DataCheckRecord[];
  score: ActivityScore | null;
  /** The parsed payload (defaults filled) when it was well formed. */
  payload?: ActivityResultPayload;
}

export type SubmissionContext = RuleContext;

/**
 * The activity to validate against. A prepared activity (prepareActivity) cannot change and is used
 * as it is; anything else is parsed on every call, since the form builder and the preview change
 * activity objects in place (decision B-prepared-activity).
 */
function asActivity(input: unknown): Activity | null {
  if (isPreparedActivity(input)) return input;
  const r = ActivitySchema.safeParse(input);
  return r.success ? r.data : null;
}

/** What validating a submission needs of its activity (kept for a prepared activity only). */
interface SubmissionPlan {
  /** Position in activity.questions per identifier. */
  indexOf: Map<string, number>;
  /** Per position in activity.questions: 1 when the question is in the participant flow. */
  inFlow: Uint8Array;
  flow: Question[];
  /** Every identifier, in order (keys of the answers record). */
  ids: string[];
  /** Identifiers of the flow (keys of the per-question results). */
  flowIds: string[];
}

const plans = new WeakMap<Activity, SubmissionPlan>();
function makePlan(activity: Activity): SubmissionPlan {
  const { flow } = flowIndex(activity);
  const indexOf = new Map(activity.questions.map((q, i) => [q.identifier, i]));
  const inFlow = new Uint8Array(activity.questions.length);
  for (const q of flow) inFlow[indexOf.get(q.identifier) as number] = 1;
  return {
    indexOf,
    inFlow,
    flow,
    ids: activity.questions.map((q) => q.identifier),
    flowIds: flow.map((q) => q.identifier),
  };
}

/** Types shown in the flow that take no answer. */
const NO_ANSWER: ReadonlySet<string> = new Set(['SurveyInstruction']);

/** The problem of an entry of a flow question that its answer's rules cannot see, or null. */
function entryProblem(q: Question, e: AnswerEntry): RuleMessage | null {
  if (e.questionType !== q.type) {
    return msg('activity.typeMismatch', { given: e.questionType, expected: q.type }, e.questionId);
  }
  if (!e.isSkipped && !NO_ANSWER.has(q.type)) return null;
  const carries = e.answerText.trim() !== '' || e.optionId.trim() !== '';
  if (!carries) return null;
  if (NO_ANSWER.has(q.type)) return msg('activity.noAnswerExpected', undefined, e.questionId);
  if (e.isSkipped) return msg('activity.skippedWithAnswer', undefined, e.questionId);
  return null;
}

/** The messages with their texts. Every caller hands over a fresh list, so an empty one is kept. */
function texts(list: RuleMessage[], lang: string): TextMessage[] {
  if (list.length === 0) return list as TextMessage[];
  return list.map((m) => ({ ...m, text: messageText(m, lang) }));
}

function failed(m: RuleMessage, lang: string): SubmissionResult {
  return { valid: false, errors: texts([m], lang), questions: emptyRecord(), dataChecks: [], score: null };
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

  const plan = memoIfPrepared(plans, activity, makePlan);
  const errors: RuleMessage[] = [];
  const answers = keyedRecord<Answer | undefined>(plan.ids);
  // per question position: 1 once an entry for it was read
  const given = new Uint8Array(activity.questions.length);
  // entry problems of flow questions, by identifier (rare: made when the first one is found)
  let problems: Map<string, RuleMessage> | undefined;
  for (const e of payload.results) {
    const { questionId } = e;
    const i = plan.indexOf.get(questionId);
    if (i === undefined) {
      errors.push(msg('activity.unknownQuestion', { questionId }, questionId));
      continue;
    }
    if (given[i] !== 0) {
      errors.push(msg('activity.repeatedQuestion', { questionId }, questionId));
      continue;
    }
    given[i] = 1;
    if (plan.inFlow[i] === 0) {
      // a skippable type (Section, recordings, …): never shown, so never sent by the portal
      errors.push(msg('activity.notInFlow', { questionId }, questionId));
      continue;
    }
    const q = activity.questions[i] as Question;
    const problem = entryProblem(q, e);
    if (problem) {
      problems ??= new Map();
      problems.set(questionId, problem);
    }
    answers[questionId] = decodeEntry(q, e);
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
  for (const q of plan.flow) {
    const id = q.identifier;
    const a = answers[id];
    const problem = problems?.get(id);
    if (disabled.has(id)) {
      const refused = a !== undefined ? [msg('activity.answerToDisabled')] : [];
      if (problem) refused.unshift(problem);
      if (refused.length) valid = false;
      questions[id] = {
        status: 'Completed',
        disabled: true,
        errors: texts(refused, lang),
        warnings: [],
        dataChecks: [],
      };
      continue;
    }
    const r = validateQuestion(q, a, ruleCtx);
    if (problem) r.errors.unshift(problem);
    if (r.errors.length) valid = false;
    if (r.dataChecks.length) dataChecks.push(...r.dataChecks);
    questions[id] = {
      status: r.status,
      disabled: false,
      errors: texts(r.errors, lang),
      warnings: texts(r.warnings, lang),
      dataChecks: r.dataChecks,
    };
  }
  // the answers record has no prototype and every key of its own: read without own-key checks
  const score = scoreAnswers(activity, (id) => answers[id], disabled);
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
