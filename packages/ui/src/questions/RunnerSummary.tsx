import { Alert, Button, Stack, Table, Title } from '@mantine/core';
import { type Activity, type ActivityScore, localize } from '@trialpath/domain';
import type { QuestionLabels } from './labels';

export interface RunnerSummaryProps {
  activity: Activity;
  language: string;
  labels: QuestionLabels;
  /** The domain's scoreActivity of the submitted answers (null: the activity does not score). */
  score: ActivityScore | null;
  showScores: boolean;
  preview: boolean;
  onRestart?: (() => void) | undefined;
}

const shown = (v: number | null | undefined, none: string) => (v === null || v === undefined ? none : String(v));

/** The end of the activity: the submission's confirmation and, when asked, the scores the domain computed. */
export function RunnerSummary({
  activity,
  language,
  labels,
  score,
  showScores,
  preview,
  onRestart,
}: RunnerSummaryProps) {
  return (
    <Stack gap="md">
      <Title order={3}>{labels.summary}</Title>
      {preview ? null : (
        <Alert color="teal" variant="light" role="status">
          {labels.submitted}
        </Alert>
      )}
      {showScores && score ? (
        <Table aria-label={labels.scores} withTableBorder>
          <Table.Tbody>
            {activity.scoringVariables.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Th scope="row">{localize(v.label, language) || v.name}</Table.Th>
                <Table.Td>{shown(score.variables[v.name], labels.noScore)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{labels.totalScore}</Table.Th>
              <Table.Td>{shown(score.total, labels.noScore)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : null}
      {onRestart ? (
        <div>
          <Button variant="light" onClick={onRestart}>
            {labels.restart}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
