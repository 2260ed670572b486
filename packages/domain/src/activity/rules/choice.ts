/**
 * Choice answers (001 §5): Boolean and DropDown need a chosen option; ImageChoice one, or at least
 * one with allowMultiple; MultiChoice Single exactly one, Multi at least one; CustomScale an answer.
 * Every chosen id must be an option of the question (or its other option).
 */
import type { Answer } from '../answer';
import { chosenOptionIds } from '../answer';
import type { Option, Question } from '../model';
import { memoIfPrepared } from '../prepared';
import { msg, type RuleMessage } from '../result';

/** Boolean questions without options use these two. */
export const DEFAULT_BOOLEAN_OPTIONS: readonly Option[] = [
  { id: 'true', body: { en: 'Yes', es: 'Sí' } },
  { id: 'false', body: { en: 'No', es: 'No' } },
];

/** The options a participant can pick (Boolean falls back to Yes/No). */
export function optionsOf(q: Question): readonly Option[] {
  if (q.type === 'Boolean' && q.options.length === 0) return DEFAULT_BOOLEAN_OPTIONS;
  return q.options;
}

/** Whether the question lets the participant pick several options. */
export function allowsMultiple(q: Question): boolean {
  if (q.type === 'MultiChoice') return q.constraints.subType === 'multi';
  if (q.type === 'ImageChoice') return q.constraints.allowMultiple;
  return false;
}

// kept per question of a prepared activity only (an ordinary question may be changed in place)
const knownIds = new WeakMap<Question, Set<string>>();
function makeKnownIds(q: Question): Set<string> {
  const known = new Set(optionsOf(q).map((o) => o.id));
  if (q.otherOptionId) known.add(q.otherOptionId);
  return known;
}

/** Errors of a non-empty choice answer. */
export function validateChoice(q: Question, a: Answer | undefined): RuleMessage[] {
  const ids = chosenOptionIds(a);
  const known = memoIfPrepared(knownIds, q, makeKnownIds);
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) return [msg('activity.invalidOption')];
  if (!allowsMultiple(q) && ids.length !== 1) return [msg('activity.required')];
  if (q.otherOptionId && q.otherOptionContentField && ids.includes(q.otherOptionId) && !(a?.otherText ?? '').trim()) {
    return [msg('activity.required', undefined, 'otherText')];
  }
  return [];
}

const optionScores = new WeakMap<Question, Map<string, number | undefined>>();
function makeScores(q: Question): Map<string, number | undefined> {
  const scores = new Map(optionsOf(q).map((o) => [o.id, o.score]));
  if (q.otherOptionId) scores.set(q.otherOptionId, q.otherScore);
  return scores;
}

/** Score per option id of a choice question (the other option: otherScore). */
export function optionScoreMap(q: Question): ReadonlyMap<string, number | undefined> {
  return memoIfPrepared(optionScores, q, makeScores);
}
