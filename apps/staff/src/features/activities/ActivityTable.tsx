import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ActivityListItem } from '@trialpath/contract';
import { DataTable, type DataTableColumn, type DataTablePaging, TableEmpty } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { activityBase, scopeOf } from './paths';
import { KindBadge, RevisionBadge, useDate, useTitleOf } from './ui';

export interface ActivityTableProps {
  label: string;
  rows: readonly ActivityListItem[] | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
  paging?: DataTablePaging;
  empty: { title: string; hint: string };
  actions: (a: ActivityListItem) => ReactNode;
}

/** Activities as a table: identifier (the way in), title, kind, tags, group, newest revision, updated. */
export function ActivityTable(props: ActivityTableProps) {
  const { t } = useTranslation('activities');
  const titleOf = useTitleOf();
  const date = useDate();
  const columns: DataTableColumn<ActivityListItem>[] = [
    {
      id: 'identifier',
      header: t('list.identifier'),
      cell: (a) => (
        <Anchor component={Link} to={activityBase(scopeOf(a), a.id)} fw={600} size="sm">
          {a.identifier}
        </Anchor>
      ),
    },
    { id: 'title', header: t('list.titleColumn'), cell: (a) => titleOf(a) },
    { id: 'kind', header: t('list.kind'), cell: (a) => <KindBadge kind={a.kind} /> },
    {
      id: 'tags',
      header: t('list.tags'),
      cell: (a) => (
        <Group gap={4}>
          {a.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray.8" radius="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    },
    { id: 'group', header: t('list.group'), cell: (a) => a.group?.name ?? '—' },
    {
      id: 'revision',
      header: t('list.revision'),
      cell: (a) => (
        <Stack gap={2}>
          <RevisionBadge revision={a.latest} />
          <Text size="xs" c="dimmed">
            {t('list.questions', { count: a.latest.questionCount })}
          </Text>
        </Stack>
      ),
    },
    { id: 'updated', header: t('list.updated'), cell: (a) => date(a.updatedAt) },
    { id: 'actions', header: t('list.actions'), cell: (a) => <Group gap="xs">{props.actions(a)}</Group> },
  ];
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={props.rows}
      rowKey={(a) => a.id}
      loading={props.loading}
      error={
        props.error
          ? {
              title: errorMessage(props.error, t('common.loadError')),
              retry: props.retry,
              retryLabel: t('common.retry'),
            }
          : null
      }
      empty={<TableEmpty title={props.empty.title} hint={props.empty.hint} />}
      paging={props.paging}
      minWidth={980}
      labels={{
        pageSize: t('list.pageSize'),
        pages: t('list.pages'),
        count: (count) => t('list.count', { count }),
      }}
    />
  );
}
