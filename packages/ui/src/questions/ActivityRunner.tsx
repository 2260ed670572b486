import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type ActivityScore, localize } from '@trialpath/domain';
import { useEffect, useRef } from 'react';
import { fill, type QuestionLabels, questionLabels } from './labels';
import { skippedAround } from './pages';
import { QuestionField } from './QuestionField';
import { RunnerSummary } from './RunnerSummary';
import { type ActivityRunOptions, type RunnerAnswers, useActivityRun } from './use-activity-run';

export interface ActivityRunnerProps extends ActivityRunOptions {
  /** preview: a "not saved" banner, and the types the participant flow skips as notes (the builder). */
  mode?: 'preview' | 'participant';
  /** Texts of the runner and its fields, already translated; default: the package's for `language`. */
  labels?: Partial<QuestionLabels>;
  /** Show the domain's scores at the end (default true). */
  showScores?: boolean;
  /**
   * Called on Submit with the answers keyed by question identifier, those of questions branching
   * disabled left out, and the domain's score. A rejection keeps the last page and says so.
   */
  onSubmit?: (answers: RunnerAnswers, score: ActivityScore | null) => void | Promise<void>;
}

/**
 * Runs an activity a page at a time (one question, or the questions of one `step`) with Back and
 * Start/Next/Submit, a progress line, and a summary at the end. Every rule is the domain's
 * (useActivityRun); this draws it.
 */
export function ActivityRunner(props: ActivityRunnerProps) {
  const { activity, language, mode = 'participant', showScores = true } = props;
  const run = useActivityRun(props);
  const preview = mode === 'preview';
  const labels = questionLabels(language, props.labels);
  const pageRef = useRef<HTMLDivElement>(null);
  const view = run.done ? null : run.page[0];
  const firstView = useRef(view);

  // a new page is announced from its top (not on arrival: the screen may have other things to say)
  useEffect(() => {
    if (view !== firstView.current) {
      firstView.current = undefined;
      pageRef.current?.focus();
    }
  }, [view]);

  const banner = preview ? (
    <Alert color="yellow" variant="light">
      {labels.preview}
    </Alert>
  ) : null;
  const title = <Title order={2}>{localize(activity.title, language)}</Title>;
  if (run.done) {
    return (
      <Stack gap="md" ref={pageRef} tabIndex={-1}>
        {banner}
        {title}
        <RunnerSummary
          activity={activity}
          language={language}
          labels={labels}
          score={run.done.score}
          showScores={showScores}
          preview={preview}
          onRestart={preview ? run.restart : undefined}
        />
      </Stack>
    );
  }
  const steps = activity.questions.some((q) => q.step !== undefined);
  const progress = fill(steps ? labels.stepProgress : labels.progress, { n: run.index + 1, m: run.pages.length });
  const skipped = preview ? skippedAround(activity, run.page, run.isLast) : [];
  const forwardLabel = run.button === 'Submit' ? labels.submit : run.button === 'Start' ? labels.start : labels.next;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        run.forward();
      }}
    >
      <Stack gap="md">
        {banner}
        {title}
        {run.pages.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm">{progress}</Text>
            <Progress value={((run.index + 1) / run.pages.length) * 100} aria-hidden />
          </Stack>
        ) : (
          <Text>{labels.empty}</Text>
        )}
        <Stack gap="lg" ref={pageRef} tabIndex={-1} aria-label={progress} style={{ outline: 'none' }}>
          {skipped.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={undefined}
              onChange={() => {}}
              language={language}
              labels={labels}
              showSkipped
            />
          ))}
          {run.questions.map((q, i) => (
            <QuestionField
              key={q.id}
              question={q}
              value={run.answers[q.identifier]}
              onChange={(a) => run.change(q.identifier, a)}
              language={language}
              labels={labels}
              errors={run.attempted ? run.results[i]?.errors : undefined}
              warnings={run.attempted ? run.results[i]?.warnings : undefined}
            />
          ))}
        </Stack>
        {run.confirming ? (
          <Alert color="orange" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{labels.checkAnswers}</Text>
              <Button size="compact-sm" variant="outline" color="orange" onClick={run.advance} loading={run.busy}>
                {labels.confirm}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {run.failed ? (
          <Alert color="red" variant="light" role="alert">
            {labels.submitFailed}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {run.back !== null ? (
            <Button variant="default" onClick={() => run.go(run.back)} disabled={run.busy}>
              {labels.back}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={run.busy}>
            {forwardLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
