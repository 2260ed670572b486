/**
 * Navigation of the question flow (001 §4): forward and back skip the disabled set and the skippable
 * types; the button reads Start on the first question, Submit on the last, Next otherwise (a single
 * question reads Submit).
 */
import type { MessageKey } from '../messages/catalogue';
import type { AnswerMap } from './answer';
import { computeFlow } from './branching';
import type { Activity } from './model';

export type NavButton = 'Start' | 'Next' | 'Submit';

export const NAV_BUTTON_KEYS: Record<NavButton, MessageKey> = {
  Start: 'activity.nav.start',
  Next: 'activity.nav.next',
  Submit: 'activity.nav.submit',
};

/** The first question to show, or null when the flow is empty. */
export function firstQuestionId(activity: Activity, answers: AnswerMap): string | null {
  return computeFlow(activity, answers).path[0] ?? null;
}

function step(activity: Activity, answers: AnswerMap, currentId: string, dir: 1 | -1): string | null {
  const { path } = computeFlow(activity, answers);
  const i = path.indexOf(currentId);
  if (i >= 0) return path[i + dir] ?? null;
  // the current question became disabled: go to the nearest enabled one in that direction
  const order = new Map(activity.questions.map((q, k) => [q.identifier, k]));
  const at = order.get(currentId) ?? -1;
  const candidates = path.filter((id) => {
    const k = order.get(id) ?? -1;
    return dir === 1 ? k > at : k < at;
  });
  return (dir === 1 ? candidates[0] : candidates[candidates.length - 1]) ?? null;
}

/** The next enabled question, or null on the last one (submit). */
export function nextQuestionId(activity: Activity, answers: AnswerMap, currentId: string): string | null {
  return step(activity, answers, currentId, 1);
}

/** The previous enabled question, or null on the first one. */
export function previousQuestionId(activity: Activity, answers: AnswerMap, currentId: string): string | null {
  return step(activity, answers, currentId, -1);
}

/** The label of the forward button on a question. */
export function navButton(activity: Activity, answers: AnswerMap, currentId: string): NavButton {
  if (nextQuestionId(activity, answers, currentId) === null) return 'Submit';
  if (previousQuestionId(activity, answers, currentId) === null) return 'Start';
  return 'Next';
}
