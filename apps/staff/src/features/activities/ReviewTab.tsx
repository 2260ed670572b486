/**
 * The review (C-031): a revision's whole definition read-only — each question with its type, texts in
 * every language, options with scores, constraints, data edit checks and branching as sentences; the
 * scoring variables.
 */
import { Alert, Badge, Code, Group, List, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type ActivityDetail, getActivityRevision } from '@trialpath/contract';
import { type Activity, isSkippableType, localize, optionsOf, type Question } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { ruleSentence } from './branching-text';
import { checkLine, constraintLines } from './review-text';
import { useLanguageName } from './ui';

/** The revision picker of the review, export and preview: the newest by default. */
export function useRevisionChoice(activity: ActivityDetail) {
  const { t } = useTranslation('activities');
  const [chosen, setChosen] = useState<string | null>(null);
  const id =
    chosen && activity.revisions.some((r) => r.id === chosen)
      ? chosen
      : (activity.revisions[0]?.id ?? activity.latest.id);
  const picker = (
    <Select
      label={t('review.revision')}
      data={activity.revisions.map((r) => ({
        value: r.id,
        label: t('revision.badge', { number: r.number, status: t(`status.${r.status}`) }),
      }))}
      value={id}
      onChange={(v) => v && setChosen(v)}
      allowDeselect={false}
      w={220}
    />
  );
  const revision = useEndpointQuery(getActivityRevision, { params: { activityId: activity.id, revisionId: id } });
  return { picker, revision };
}

function Texts({ text }: { text: Record<string, string> | undefined }) {
  const languageName = useLanguageName();
  const entries = Object.entries(text ?? {});
  if (entries.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {entries.map(([l, s]) => (
        <Text key={l} size="sm">
          <Text span c="dimmed" size="xs">
            {languageName(l)}:{' '}
          </Text>
          {s}
        </Text>
      ))}
    </Stack>
  );
}

function QuestionReview({ q, n }: { q: Question; n: number }) {
  const { t, i18n } = useTranslation('activities');
  const options = optionsOf(q);
  const lines = constraintLines(t, q);
  const rules = q.branching?.rules ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid={`review-${q.identifier}`}>
      <Group gap="xs" mb="xs">
        <Title order={3} fz="md">
          {n}. {q.identifier}
        </Title>
        <Badge variant="outline" color="dark.6" tt="none">
          {t(`types.${q.type}`)}
        </Badge>
        <Badge variant="outline" color="gray.8" tt="none">
          {q.optional ? t('review.optional') : t('review.required')}
        </Badge>
        {isSkippableType(q.type) && (
          <Badge variant="outline" color="gray.8" tt="none">
            {t('review.notShown')}
          </Badge>
        )}
      </Group>
      <Texts text={q.body} />
      {options.length > 0 && (
        <Table
          withTableBorder
          mt="sm"
          verticalSpacing={4}
          aria-label={t('review.optionsOf', { identifier: q.identifier })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('review.option')}</Table.Th>
              <Table.Th>{t('review.code')}</Table.Th>
              <Table.Th>{t('review.score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[
              ...options,
              ...(q.otherOptionId ? [{ id: q.otherOptionId, body: q.otherOptionBody ?? {}, score: q.otherScore }] : []),
            ].map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Texts text={o.body} />
                </Table.Td>
                <Table.Td ff="monospace" fz="sm">
                  {o.id}
                </Table.Td>
                <Table.Td>{o.score ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(lines.length > 0 || q.dataEditChecks.length > 0 || rules.length > 0) && (
        <List size="sm" mt="sm" spacing={2}>
          {lines.map((l) => (
            <List.Item key={l}>{l}</List.Item>
          ))}
          {q.dataEditChecks.map((c) => (
            <List.Item key={c.id}>{checkLine(t, c)}</List.Item>
          ))}
          {rules.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a saved revision's rules, read-only, never reordered
            <List.Item key={`${r.operator}-${r.skipTo}-${i}`} fw={500}>
              {ruleSentence(t, q, r, i18n.language)}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

export function ReviewBody({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation('activities');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="xs">
          {localize(activity.title, i18n.language) || activity.identifier}
        </Title>
        <Texts text={activity.title} />
        {activity.description && <Texts text={activity.description} />}
        <Text size="sm" mt="xs" c="dimmed">
          {t('review.summary', { count: activity.questions.length })} ·{' '}
          {activity.allowDataEditChecks ? t('review.checksOn') : t('review.checksOff')} ·{' '}
          {activity.canScoreResponses ? t('review.scoringOn') : t('review.scoringOff')}
        </Text>
      </Paper>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {activity.questions.map((q, i) => (
          <QuestionReview key={q.id} q={q} n={i + 1} />
        ))}
      </Stack>
      {activity.scoringVariables.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb="xs">
            {t('scoring.title')}
          </Title>
          <List size="sm">
            {activity.scoringVariables.map((v) => (
              <List.Item key={v.id}>
                <Code>{v.name}</Code> = <Code>{v.expression}</Code>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}

export function ReviewTab({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const { picker, revision } = useRevisionChoice(activity);
  return (
    <Stack gap="md">
      {picker}
      {revision.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(revision.error, t('common.loadError'))}
        </Alert>
      )}
      {revision.data && <ReviewBody activity={revision.data.definition} />}
    </Stack>
  );
}

/** The newest revision read-only (under the form builder's frozen notice). */
export function LatestReview({ activity }: { activity: ActivityDetail }) {
  const latest = activity.revisions[0] ?? activity.latest;
  const revision = useEndpointQuery(getActivityRevision, {
    params: { activityId: activity.id, revisionId: latest.id },
  });
  return revision.data ? <ReviewBody activity={revision.data.definition} /> : null;
}
