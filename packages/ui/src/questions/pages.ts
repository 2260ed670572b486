import { type Activity, isSkippableType, type Question } from '@trialpath/domain';

/**
 * Pages of the flow: consecutive questions of the path with the same `step` share a page, any other
 * question is a page of its own. Layout only: which questions are on the path is the domain's
 * computeFlow, and moving between pages is its nextQuestionId/previousQuestionId.
 */
export function flowPages(activity: Activity, path: readonly string[]): string[][] {
  const stepOf = new Map(activity.questions.map((q) => [q.identifier, q.step]));
  const pages: string[][] = [];
  let previous: number | undefined;
  for (const id of path) {
    const step = stepOf.get(id);
    const last = pages[pages.length - 1];
    if (last && step !== undefined && step === previous) last.push(id);
    else pages.push([id]);
    previous = step;
  }
  return pages;
}

/** The page holding a question, with its place among the pages (-1 when the question is on none). */
export function pageOf(pages: readonly string[][], id: string | null): { page: string[]; index: number } {
  const index = id === null ? -1 : pages.findIndex((p) => p.includes(id));
  return { page: index >= 0 ? (pages[index] as string[]) : [], index };
}

/**
 * The questions the participant flow leaves out (recordings, sections, …) around a page, for the
 * preview: those just before its first question, and after its last when the page ends the activity.
 */
export function skippedAround(activity: Activity, page: readonly string[], isLast: boolean): Question[] {
  const qs = activity.questions;
  const at = (id: string | undefined) => (id === undefined ? -1 : qs.findIndex((q) => q.identifier === id));
  const out: Question[] = [];
  let i = page.length === 0 ? qs.length : at(page[0]);
  while (i > 0 && isSkippableType((qs[i - 1] as Question).type)) out.unshift(qs[--i] as Question);
  if (isLast) {
    for (let j = page.length === 0 ? qs.length : at(page[page.length - 1]) + 1; j < qs.length; j++) {
      if (isSkippableType((qs[j] as Question).type)) out.push(qs[j] as Question);
    }
  }
  return out;
}
