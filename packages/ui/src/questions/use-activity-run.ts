import {
  type Activity,
  type ActivityScore,
  type Answer,
  type AnswerMap,
  computeFlow,
  firstQuestionId,
  navButton,
  nextQuestionId,
  previousQuestionId,
  pruneDisabledAnswers,
  type Question,
  type QuestionRuleContext,
  type RuleContext,
  scoreActivity,
  validateQuestion,
} from '@trialpath/domain';
import { useState } from 'react';
import { flowPages, pageOf } from './pages';

export type RunnerAnswers = Record<string, Answer | undefined>;

export interface ActivityRunOptions {
  activity: Activity;
  language: string;
  ruleContext?: Omit<RuleContext, 'language'> | undefined;
  initialAnswers?: AnswerMap | undefined;
  onSubmit?: ((answers: RunnerAnswers, score: ActivityScore | null) => void | Promise<void>) | undefined;
  onAnswersChange?: ((answers: RunnerAnswers) => void) | undefined;
}

/**
 * The state of a run through an activity, every decision taken by the domain: the path and the
 * moves (computeFlow, nextQuestionId, previousQuestionId, navButton), the checks of the page
 * (validateQuestion: errors block, warnings wait for a confirmation), what is submitted
 * (pruneDisabledAnswers) and the score (scoreActivity).
 */
export function useActivityRun(o: ActivityRunOptions) {
  const { activity } = o;
  const [answers, setAnswers] = useState<RunnerAnswers>(() => ({ ...o.initialAnswers }));
  const [at, setAt] = useState<string | null>(() => firstQuestionId(activity, answers));
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<{ score: ActivityScore | null } | null>(null);

  const byId = new Map(activity.questions.map((q) => [q.identifier, q]));
  const pages = flowPages(activity, computeFlow(activity, answers).path);
  // a question the builder has since removed: start over at the first page
  const found = pageOf(pages, at);
  const { page, index } = found.index >= 0 || pages.length === 0 ? found : { page: pages[0] as string[], index: 0 };
  const first = page[0];
  const last = page[page.length - 1];
  const next = last === undefined ? null : nextQuestionId(activity, answers, last);
  const back = first === undefined ? null : previousQuestionId(activity, answers, first);
  const button = next === null ? 'Submit' : navButton(activity, answers, first as string);
  const ctx: QuestionRuleContext = {
    ...o.ruleContext,
    language: o.language,
    allowDataEditChecks: activity.allowDataEditChecks,
  };
  const questions = page.map((id) => byId.get(id)).filter((q): q is Question => q !== undefined);
  const results = questions.map((q) => validateQuestion(q, answers[q.identifier], ctx));
  const blocked = results.some((r) => r.errors.length > 0);
  const warned = results.some((r) => r.warnings.length > 0);

  const go = (id: string | null) => {
    setAt(id);
    setAttempted(false);
    setConfirming(false);
  };
  const change = (identifier: string, a: Answer | undefined) => {
    const nextAnswers = { ...answers, [identifier]: a };
    setAnswers(nextAnswers);
    // a changed answer has warnings of its own to confirm
    setConfirming(false);
    o.onAnswersChange?.(nextAnswers);
  };
  const submit = async () => {
    const score = scoreActivity(activity, answers);
    setBusy(true);
    setFailed(false);
    try {
      await o.onSubmit?.(pruneDisabledAnswers(activity, answers), score);
      setDone({ score });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  /** On to the next page, or submit on the last one (the checks already passed or were confirmed). */
  const advance = () => (next === null ? void submit() : go(next));
  /** The forward button: blocked by errors; warnings are shown first and confirmed with `advance`. */
  const forward = () => {
    setAttempted(true);
    if (blocked) return;
    if (warned && !confirming) setConfirming(true);
    else advance();
  };
  const restart = () => {
    setAnswers({});
    setDone(null);
    go(firstQuestionId(activity, {}));
  };

  return {
    answers,
    pages,
    index,
    page,
    questions,
    results,
    attempted,
    confirming: confirming && !blocked,
    busy,
    failed,
    done,
    back,
    isLast: next === null,
    button,
    go,
    change,
    forward,
    advance,
    restart,
  };
}
