/** The columns of a list of queries (the study's page, the participant's panel): who, which answer, where it stands. */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { DataQuery } from '@trialpath/contract';
import { localize } from '@trialpath/domain';
import type { DataTableColumn } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudyPath } from '../schedules/data';
import { QueryStatusBadge, useWhen } from './QueryThread';

/** Where an answer is shown: the response page, or the EDC's entry page of the site form. */
export function answerPath(q: DataQuery) {
  const section = q.targetKind === 'response' ? 'responses' : 'site-forms';
  return `participants/${q.participant.id}/${section}/${encodeURIComponent(q.targetKey)}`;
}

export const itemTextOf = (q: DataQuery, lang: string) => localize(q.itemText, lang) || q.item;

/** `sortable`: the study's page, whose column ids are the list's sort fields. */
export function useQueryColumns(
  studyId: string,
  view: (q: DataQuery) => void,
  withParticipant: boolean,
  sortable = false,
) {
  const { t, i18n } = useTranslation('queries');
  const path = useStudyPath(studyId);
  const when = useWhen();
  const columns: (DataTableColumn<DataQuery> & { show?: boolean })[] = [
    {
      id: 'participant',
      header: t('column.participant'),
      show: withParticipant,
      sortable,
      cell: (q) => (
        <Text size="sm" fw={600} component={Link} to={path(`participants/${q.participant.id}`)} c="teal.9">
          {q.participant.participantId}
        </Text>
      ),
    },
    {
      id: 'answer',
      header: t('column.answer'),
      cell: (q) => (
        <Stack gap={0}>
          <Anchor component={Link} to={path(answerPath(q))} size="sm" title={t('row.goToAnswer')}>
            {itemTextOf(q, i18n.language)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {localize(q.activity.title, i18n.language)} · {t(`target.${q.targetKind}`)}
          </Text>
        </Stack>
      ),
    },
    { id: 'status', header: t('column.status'), sortable, cell: (q) => <QueryStatusBadge status={q.status} /> },
    {
      id: 'updatedAt',
      header: t('column.last'),
      sortable,
      cell: (q) => (
        <Stack gap={0}>
          <Text size="sm" lineClamp={2}>
            {q.lastMessage.text || t(`kind.${q.lastMessage.kind}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('row.byOn', { name: q.lastMessage.author, when: when(q.lastMessage.at) })}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'openedAt',
      header: t('column.opened'),
      sortable,
      cell: (q) => t('row.byOn', { name: q.openedBy, when: when(q.openedAt) }),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      cell: (q) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => view(q)}
            aria-label={t('row.view', { item: itemTextOf(q, i18n.language) })}
          >
            {t('row.viewShort')}
          </Button>
        </Group>
      ),
    },
  ];
  return columns.filter((c) => c.show !== false);
}
