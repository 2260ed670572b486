/**
 * Corrections of participant-reported answers (issue 12; decision E-response-corrections). A stored result is the source
 * record and never changes (21 CFR 11.10); when a query shows an answer was wrong, site staff record a correction of
 * one answer with a reason. What staff read is the answer as corrected, each corrected answer marked, the original kept.
 */
import type { Answer } from './answer';
import { displayAnswerText, encodeAnswer } from './answer-codec';
import type { Question } from './model';

/** One answer's stored form: what an entry of a result carries, and what a correction replaces it with. */
export interface EntryValue {
  answerText: string;
  optionId: string;
  isSkipped: boolean;
  displayAnswerText: string;
}

/** The stored form of an answer to a question, its display text in `lang`. */
export function entryValueOf(q: Question, answer: Answer | undefined, lang = 'en'): EntryValue {
  const { answerText, optionId } = encodeAnswer(q, answer);
  return {
    answerText,
    optionId,
    isSkipped: answer === undefined,
    displayAnswerText: displayAnswerText(q, answer, lang),
  };
}

/** Whether two stored forms hold the same answer (the display text follows from the rest). */
export const sameEntryValue = (a: EntryValue, b: EntryValue): boolean =>
  a.answerText === b.answerText && a.optionId === b.optionId && a.isSkipped === b.isSkipped;

/**
 * The entries as corrected: each entry whose question has corrections carries the latest one (`corrections` oldest
 * first) and is marked `corrected`; the others are unchanged and unmarked.
 */
export function correctedEntries<E extends { questionId: string } & EntryValue>(
  entries: readonly E[],
  corrections: readonly { item: string; value: EntryValue }[],
): (E & { corrected: boolean })[] {
  const latest = new Map<string, EntryValue>();
  for (const c of corrections) latest.set(c.item, c.value);
  return entries.map((e) => {
    const c = latest.get(e.questionId);
    return c ? { ...e, ...c, corrected: true } : { ...e, corrected: false };
  });
}
