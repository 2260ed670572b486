/**
 * Required answers (001 §4, §5): which answers count as empty, and the answer status.
 */
import type { Answer } from '../answer';
import { answerValue, chosenOptionIds } from '../answer';
import type { Question } from '../model';
import { isAlwaysPassType, isChoiceType } from '../question-types';
import type { AnswerStatus } from '../result';
import { stripHtml } from './text';

/** True when the question has no answer (always-pass types are never empty). */
export function isAnswerEmpty(q: Question, a: Answer | undefined): boolean {
  if (isAlwaysPassType(q.type)) return false;
  if (!a || a.skipped === true) return true;
  if (isChoiceType(q.type)) return chosenOptionIds(a).length === 0;
  switch (q.type) {
    case 'Date':
      return !a.date?.trim();
    case 'Time':
      return !a.time?.trim();
    case 'DateTime':
      return !a.date?.trim() && !a.time?.trim();
    case 'Medication':
      return !a.medication || a.medication.length === 0;
    case 'Text':
      return stripHtml(answerValue(a)) === '';
    default:
      return answerValue(a) === '';
  }
}

/** Completed, or Incomplete when a required answer is empty; an optional empty answer is Completed. */
export function answerStatus(q: Question, a: Answer | undefined): AnswerStatus {
  return !q.optional && isAnswerEmpty(q, a) ? 'Incomplete' : 'Completed';
}
