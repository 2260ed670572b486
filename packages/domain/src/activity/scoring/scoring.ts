/**
 * Scoring (000 §3, 001 §3; decision B-086). A question's score: the sum of its chosen options'
 * scores (the other option counts otherScore), or the value of a number or scale answer. Scoring
 * variables are expressions over question identifiers (their scores) and earlier variables, evaluated
 * in order with the safe evaluator. Nothing is scored unless the activity's canScoreResponses is on;
 * questions disabled by branching score as missing.
 */
import type jsep from 'jsep';
import type { Answer, AnswerMap } from '../answer';
import { answerValue, chosenOptionIds } from '../answer';
import { disabledQuestions } from '../branching';
import type { Activity, Question } from '../model';
import { isChoiceType } from '../question-types';
import { memoIfPrepared } from '../prepared';
import { emptyRecord, keyedRecord, ownValue } from '../records';
import { optionScoreMap } from '../rules/choice';
import { parseNumberInput } from '../rules/number';
import { evaluateAst, parseExpression, type ScoreValue } from './evaluator';

/** The score of one answer, or null when it has none. */
export function questionScore(q: Question, a: Answer | undefined): ScoreValue {
  if (!a || a.skipped) return null;
  if (isChoiceType(q.type)) {
    const scores = optionScoreMap(q);
    let total: number | null = null;
    for (const id of chosenOptionIds(a)) {
      const s = scores.get(id);
      if (s !== undefined) total = (total ?? 0) + s;
    }
    return total;
  }
  switch (q.type) {
    case 'NumberScale':
    case 'VAS':
    case 'WongBaker':
    case 'Number':
    case 'Integer':
    case 'Decimal':
      return parseNumberInput(answerValue(a));
    default:
      return null;
  }
}

export interface ActivityScore {
  /** Score per question identifier (a record without prototype: any identifier is a key). */
  questions: Record<string, ScoreValue>;
  /** Value per scoring variable name (null: missing input or a bad expression); without prototype. */
  variables: Record<string, ScoreValue>;
  /** Sum of the question scores (null when none has a score). */
  total: ScoreValue;
}

/** What scoring needs of an activity: identifiers and parsed variable expressions (kept when prepared). */
interface ScoringPlan {
  ids: string[];
  expressions: (jsep.Expression | null)[];
}
const plans = new WeakMap<Activity, ScoringPlan>();
function makePlan(activity: Activity): ScoringPlan {
  return {
    ids: activity.questions.map((q) => q.identifier),
    expressions: activity.scoringVariables.map((v) => {
      try {
        return parseExpression(v.expression);
      } catch {
        return null;
      }
    }),
  };
}

/**
 * Score a set of answers; null when the activity does not score responses. `disabled` (the disabled
 * set of these answers) saves walking the branching again when the caller has it.
 */
export function scoreActivity(
  activity: Activity,
  answers: AnswerMap,
  disabled?: ReadonlySet<string>,
): ActivityScore | null {
  if (!activity.canScoreResponses) return null;
  return scoreAnswers(activity, (id) => ownValue(answers, id), disabled ?? disabledQuestions(activity, answers));
}

/** scoreActivity with the answer of each identifier read by `answerOf` (validateSubmission's own record). */
export function scoreAnswers(
  activity: Activity,
  answerOf: (identifier: string) => Answer | undefined,
  disabled: ReadonlySet<string>,
): ActivityScore | null {
  if (!activity.canScoreResponses) return null;
  const plan = memoIfPrepared(plans, activity, makePlan);
  const questions = keyedRecord<ScoreValue>(plan.ids);
  let total: ScoreValue = null;
  for (const q of activity.questions) {
    const s = disabled.has(q.identifier) ? null : questionScore(q, answerOf(q.identifier));
    questions[q.identifier] = s;
    if (s !== null) total = (total ?? 0) + s;
  }
  const variables = emptyRecord<ScoreValue>();
  const scope = (name: string): ScoreValue | undefined =>
    Object.hasOwn(variables, name) ? variables[name] : ownValue(questions, name);
  activity.scoringVariables.forEach((v, i) => {
    const ast = plan.expressions[i];
    variables[v.name] = ast ? evaluateAst(ast, scope) : null;
  });
  return { questions, variables, total };
}
