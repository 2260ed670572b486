/**
 * Choice answers (001 §5): Boolean and DropDown need a chosen option; ImageChoice one, or at least
 * one with allowMultiple; MultiChoice Single exactly one, Multi at least one; CustomScale an answer.
 * Every chosen id must be an option of the question (or its other option).
 */
import type { Answer } from '../answer';
import { chosenOptionIds } from '../answer';
import type { Option, Question } from '../model';
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

const knownIds = new WeakMap<Question, Set<string>>();
function knownOptionIds(q: Question): Set<string> {
  let known = knownIds.get(q);
  if (!known) {
    known = new Set(optionsOf(q).map((o) => o.id));
    if (q.otherOptionId) known.add(q.otherOptionId);
    knownIds.set(q, known);
  }
  return known;
}

/** Errors of a non-empty choice answer. */
export function validateChoice(q: Question, a: Answer | undefined): RuleMessage[] {
  const ids = chosenOptionIds(a);
  const known = knownOptionIds(q);
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) return [msg('activity.invalidOption')];
  if (!allowsMultiple(q) && ids.length !== 1) return [msg('activity.required')];
  if (q.otherOptionId && q.otherOptionContentField && ids.includes(q.otherOptionId) && !(a?.otherText ?? '').trim()) {
    return [msg('activity.required', undefined, 'otherText')];
  }
  return [];
}

const optionScores = new WeakMap<Question, Map<string, number | undefined>>();
/** Score per option id of a choice question (the other option: otherScore). */
export function optionScoreMap(q: Question): Map<string, number | undefined> {
  let scores = optionScores.get(q);
  if (!scores) {
    scores = new Map(optionsOf(q).map((o) => [o.id, o.score]));
    if (q.otherOptionId) scores.set(q.otherOptionId, q.otherScore);
    optionScores.set(q, scores);
  }
  return scores;
}
