/**
 * Blinding of answers (A-117; decision E-blinding): a question marked `unblindedOnly` holds data that would unblind a
 * reader (treatment kit, allocation). Blinded staff — every site-level role, the blinded CRA, data management — never
 * receive its answer: the server drops it from site forms, participant responses, queries and exports before anything
 * leaves the API. One rule, read by every place that sends answers.
 */
import type { Question } from './model';

type WithQuestions = { questions: readonly Pick<Question, 'identifier' | 'unblindedOnly'>[] };

/** The identifiers of the activity's questions whose answers only unblinded staff receive. */
export function unblindedOnlyIdentifiers(activity: {
  questions: readonly Pick<Question, 'identifier' | 'unblindedOnly'>[];
}): ReadonlySet<string> {
  const out = new Set<string>();
  for (const q of activity.questions) if (q.unblindedOnly) out.add(q.identifier);
  return out;
}

/** Whether a reader may receive the answer to the question `identifier` of the activity. */
export function readerMaySeeAnswer(activity: WithQuestions, identifier: string, readerIsBlinded: boolean): boolean {
  if (!readerIsBlinded) return true;
  return !activity.questions.some((q) => q.identifier === identifier && q.unblindedOnly);
}

/** Answers keyed by question identifier, without those a blinded reader may not receive; unchanged otherwise. */
export function answersForReader<T>(
  activity: WithQuestions,
  answers: Readonly<Record<string, T>>,
  readerIsBlinded: boolean,
): Record<string, T> {
  if (!readerIsBlinded) return { ...answers };
  const hidden = unblindedOnlyIdentifiers(activity);
  if (hidden.size === 0) return { ...answers };
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(answers)) if (!hidden.has(k)) out[k] = v;
  return out;
}

/** The activity as a blinded reader may see it: the unblinded questions left out (their texts say what they hold). */
export function activityForReader<A extends WithQuestions>(activity: A, readerIsBlinded: boolean): A {
  if (!readerIsBlinded || !activity.questions.some((q) => q.unblindedOnly)) return activity;
  return { ...activity, questions: activity.questions.filter((q) => !q.unblindedOnly) };
}
