/**
 * Branching (001 §3, §4; decisions B-020, B-022). A rule of an answered question matches its answer:
 *   eq       the answer equals the rule's value (choices: the option id in `value`, else `singleValue`,
 *            is among the chosen options; others: same number, or same text ignoring case);
 *   between  startValue ≤ answer ≤ endValue (numbers, ISO dates; choices: a chosen option's score);
 *   ot       "otherwise": the question is answered and no eq/between rule of it matched.
 * Normal branching takes the first matching rule and jumps to its skipTo: the questions in between
 * are disabled. Advance branching (multi-choice) takes every matching rule: each opens its branch
 * (from its skipTo up to the next rule's skipTo, the last one up to rejoinAt or the end); the chosen
 * branches are walked in order and the others disabled. In recursive loop mode a branch whose own
 * branching jumps past its end comes back for the next chosen branch; without it such a jump leaves
 * the whole block. The disabled set is a pure function of the answers, so changing an answer back
 * re-enables exactly the questions it had disabled.
 */
import type { Answer, AnswerMap } from './answer';
import { answerValue, chosenOptionIds } from './answer';
import { type Activity, type BranchingRule, type Question, SKIP_TO_END } from './model';
import { scalarText } from './number-text';
import { memoIfPrepared } from './prepared';
import { isChoiceType, isSkippableType } from './question-types';
import { emptyRecord, ownValue } from './records';
import { optionScoreMap } from './rules/choice';
import { parseDateInput } from './rules/date';
import { parseNumberInput } from './rules/number';
import { isAnswerEmpty } from './rules/required';

// rule values given as numbers read in plain decimal notation, as typed answers are (B-number-text)
const str = (v: unknown) => scalarText(v).trim();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The scalar an answer is compared with (dates as ISO). */
function scalarOf(q: Question, a: Answer): string {
  if (q.type === 'Date') return parseDateInput(a.date, q.constraints.format) ?? str(a.date);
  return answerValue(a);
}

function equal(x: string, y: string): boolean {
  const a = parseNumberInput(x);
  const b = parseNumberInput(y);
  if (a !== null && b !== null) return a === b;
  return x.toLowerCase() === y.toLowerCase();
}

function between(x: string, lo: string, hi: string): boolean {
  const n = parseNumberInput(x);
  const a = parseNumberInput(lo);
  const b = parseNumberInput(hi);
  if (n !== null && a !== null && b !== null) return n >= a && n <= b;
  if (ISO_DATE.test(x) && ISO_DATE.test(lo) && ISO_DATE.test(hi)) return x >= lo && x <= hi;
  return false;
}

/** Whether an eq/between rule matches an answer (ot is decided by matchingRules). */
export function ruleMatches(q: Question, a: Answer | undefined, rule: BranchingRule): boolean {
  if (!a || rule.operator === 'ot' || isAnswerEmpty(q, a)) return false;
  if (isChoiceType(q.type)) {
    const chosen = chosenOptionIds(a);
    if (rule.operator === 'eq') return chosen.includes(str(rule.value ?? rule.singleValue));
    const scores = optionScoreMap(q);
    return chosen.some((id) => {
      const s = scores.get(id);
      return s !== undefined && between(String(s), str(rule.startValue), str(rule.endValue));
    });
  }
  const v = scalarOf(q, a);
  if (rule.operator === 'eq') return equal(v, str(rule.singleValue ?? rule.value));
  return between(v, str(rule.startValue), str(rule.endValue));
}

/** The rules of a question that apply to its answer: normal → at most one; advance → all matching. */
export function matchingRules(q: Question, a: Answer | undefined): BranchingRule[] {
  const b = q.branching;
  if (!b || b.rules.length === 0 || !a || isAnswerEmpty(q, a)) return [];
  const matched = b.rules.filter((r) => r.operator !== 'ot' && ruleMatches(q, a, r));
  const result = matched.length > 0 ? matched : b.rules.filter((r) => r.operator === 'ot').slice(0, 1);
  return b.mode === 'advance' ? result : result.slice(0, 1);
}

interface FlowIndex {
  flow: Question[];
  /** Flow position of every identifier (skippable questions map to the next flow question). */
  pos: Map<string, number>;
}

const cache = new WeakMap<Activity, FlowIndex>();

function makeFlowIndex(activity: Activity): FlowIndex {
  const flow: Question[] = [];
  const pos = new Map<string, number>();
  for (const q of activity.questions) {
    if (!pos.has(q.identifier)) pos.set(q.identifier, flow.length);
    if (!isSkippableType(q.type)) flow.push(q);
  }
  return { flow, pos };
}

/**
 * The questions of the participant flow (skippable types left out), with their positions. Kept only
 * for a prepared activity: an ordinary one may have been changed in place since the last call.
 */
export function flowIndex(activity: Activity): FlowIndex {
  return memoIfPrepared(cache, activity, makeFlowIndex);
}

export interface FlowState {
  /** Identifiers of the questions the participant goes through, in order. */
  path: string[];
  /** Identifiers of the flow questions branching has disabled. */
  disabled: Set<string>;
}

/** Walk the activity with the given answers (decision B-020). Never throws for a parsed activity. */
export function computeFlow(activity: Activity, answers: AnswerMap): FlowState {
  const { flow, pos } = flowIndex(activity);
  // per flow position: 1 when the walk went through it
  const visited = new Uint8Array(flow.length);
  const target = (id: string | undefined, fallback: number) =>
    id === undefined ? fallback : id === SKIP_TO_END ? flow.length : (pos.get(id) ?? fallback);

  const walk = (from: number, to: number): number => {
    let i = from;
    while (i < to) {
      const q = flow[i] as Question;
      visited[i] = 1;
      const b = q.branching;
      // most questions have no branching: step on without working out (and allocating) their rules
      const rules = b && b.rules.length > 0 ? matchingRules(q, ownValue(answers, q.identifier)) : undefined;
      if (!b || !rules || rules.length === 0) {
        i++;
        continue;
      }
      if (b.mode === 'normal') {
        const t = target((rules[0] as BranchingRule).skipTo, i + 1);
        i = t > i ? t : i + 1;
        continue;
      }
      const starts = [...new Set(b.rules.map((r) => target(r.skipTo, flow.length)))]
        .filter((t) => t > i && t < flow.length)
        .sort((x, y) => x - y);
      const rejoin = Math.max(i + 1, target(b.rejoinAt, flow.length));
      const chosen = new Set(rules.map((r) => target(r.skipTo, flow.length)));
      let next = rejoin;
      for (let k = 0; k < starts.length; k++) {
        const s = starts[k] as number;
        if (!chosen.has(s) || s >= rejoin) continue;
        const e = Math.min(starts[k + 1] ?? rejoin, rejoin, to);
        const exit = walk(s, e);
        if (exit > e && !b.recursiveLoop) {
          next = exit;
          break;
        }
      }
      i = next;
    }
    return i;
  };
  walk(0, flow.length);

  const path: string[] = [];
  const disabled = new Set<string>();
  for (let i = 0; i < flow.length; i++) {
    const id = (flow[i] as Question).identifier;
    if (visited[i] === 1) path.push(id);
    else disabled.add(id);
  }
  return { path, disabled };
}

/** The disabled set: questions skipped by branching. */
export function disabledQuestions(activity: Activity, answers: AnswerMap): Set<string> {
  return computeFlow(activity, answers).disabled;
}

/** The answers without those of disabled questions (what the portal submits). */
export function pruneDisabledAnswers(activity: Activity, answers: AnswerMap): Record<string, Answer | undefined> {
  const { disabled } = computeFlow(activity, answers);
  const out = emptyRecord<Answer | undefined>();
  for (const [k, v] of Object.entries(answers)) if (!disabled.has(k)) out[k] = v;
  return out;
}
