/**
 * #/studies/:studyId/queries (decision E-queries): the study's data queries the person may see, in the page's data
 * space — the counts per status, filters (status, site, answer kind, participant), sort and page all kept in the
 * address — each row going to its answer or opening its thread.
 */
import { Badge, Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { type DataQuery, listStudyQueries, QUERY_SORTS, type QuerySort } from '@trialpath/contract';
import {
  QUERY_ASSIGNABLE_ROLES,
  QUERY_STATUSES,
  QUERY_TARGET_KINDS,
  type QueryStatus,
  type QueryTargetKind,
} from '@trialpath/domain';
import { DataTable, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentChoices } from './assignment';
import { useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { itemTextOf, useQueryColumns } from './query-columns';
import { QueryStatusBadge, QueryThread } from './QueryThread';

const STATUS_FILTERS = ['ALL', ...QUERY_STATUSES] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const PAGE_SIZES = [25, 50, 100] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ListState {
  status: StatusFilter;
  siteId: string | null;
  participantId: string | null;
  targetKind: QueryTargetKind | null;
  assignedRole: string | null;
  sort: QuerySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}
const DEFAULTS: ListState = {
  status: 'ALL',
  siteId: null,
  participantId: null,
  targetKind: null,
  assignedRole: null,
  sort: 'updatedAt',
  order: 'desc',
  page: 1,
  pageSize: PAGE_SIZES[0],
};

/** The list's state, read from the address (anything unknown is the default) and written back to it. */
function useListState() {
  const [search, setSearch] = useSearchParams();
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | null => {
    const v = search.get(key);
    return allowed.includes(v as T) ? (v as T) : null;
  };
  const id = (key: string) => {
    const v = search.get(key);
    return v && UUID.test(v) ? v : null;
  };
  const size = Number.parseInt(search.get('pageSize') ?? '', 10);
  const state: ListState = {
    status: pick('status', STATUS_FILTERS) ?? DEFAULTS.status,
    siteId: id('site'),
    participantId: id('participant'),
    targetKind: pick('kind', QUERY_TARGET_KINDS),
    assignedRole: pick('assigned', [...QUERY_ASSIGNABLE_ROLES, 'NONE']),
    sort: pick('sort', QUERY_SORTS) ?? DEFAULTS.sort,
    order: pick('order', ['asc', 'desc'] as const) ?? DEFAULTS.order,
    page: Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1),
    pageSize: PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : DEFAULTS.pageSize,
  };
  const set = (next: Partial<ListState>) => {
    const merged = { ...state, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.status !== DEFAULTS.status) params.set('status', merged.status);
    if (merged.siteId) params.set('site', merged.siteId);
    if (merged.participantId) params.set('participant', merged.participantId);
    if (merged.targetKind) params.set('kind', merged.targetKind);
    if (merged.assignedRole) params.set('assigned', merged.assignedRole);
    if (merged.sort !== DEFAULTS.sort) params.set('sort', merged.sort);
    if (merged.order !== DEFAULTS.order) params.set('order', merged.order);
    if (merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== DEFAULTS.pageSize) params.set('pageSize', String(merged.pageSize));
    setSearch(params, { replace: true });
  };
  return { state, set };
}

function Counts(props: { counts: Record<QueryStatus, number> }) {
  const { t } = useTranslation('queries');
  return (
    <Group gap="md" role="group" aria-label={t('page.counts')}>
      {QUERY_STATUSES.map((s) => (
        <Group key={s} gap={6}>
          <QueryStatusBadge status={s} />
          <Text size="sm" fw={600} data-testid={`count-${s}`}>
            {props.counts[s]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function QueriesPage() {
  const { t, i18n } = useTranslation('queries');
  const { studyId = '' } = useParams();
  const { state, set } = useListState();
  const [viewing, setViewing] = useState<DataQuery | null>(null);
  const list = useEndpointQuery(
    listStudyQueries,
    {
      params: { studyId },
      query: {
        status: state.status,
        ...(state.siteId ? { siteId: state.siteId } : {}),
        ...(state.participantId ? { participantId: state.participantId } : {}),
        ...(state.targetKind ? { targetKind: state.targetKind } : {}),
        ...(state.assignedRole ? { assignedRole: state.assignedRole } : {}),
        sort: state.sort,
        order: state.order,
        pageNum: state.page,
        pageSize: state.pageSize,
      },
    },
    { placeholderData: keepPreviousData },
  );
  const columns = useQueryColumns(studyId, setViewing, true, true);
  const participantCode = list.data?.items.find((q) => q.participant.id === state.participantId)?.participant
    .participantId;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={28}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('page.subtitle')}
        </Text>
      </div>
      {list.data && <Counts counts={list.data.counts} />}
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="query-status-filter">
            {t('page.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="query-status-filter"
            data={STATUS_FILTERS.map((f) => ({ value: f, label: t(`status.${f}`) }))}
            value={state.status}
            onChange={(v) => set({ status: v as StatusFilter })}
          />
        </Stack>
        <Select
          label={t('page.siteFilter')}
          data={[
            { value: '', label: t('page.allSites') },
            ...(list.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          value={state.siteId ?? ''}
          onChange={(v) => set({ siteId: v || null })}
          allowDeselect={false}
        />
        <Select
          label={t('page.targetFilter')}
          data={[
            { value: '', label: t('target.any') },
            ...QUERY_TARGET_KINDS.map((k) => ({ value: k, label: t(`target.${k}`) })),
          ]}
          value={state.targetKind ?? ''}
          onChange={(v) => set({ targetKind: (v || null) as QueryTargetKind | null })}
          allowDeselect={false}
        />
        <Select
          label={t('page.assignedFilter')}
          data={[
            { value: '', label: t('page.anyone') },
            { value: 'NONE', label: t('item.siteTeam') },
            ...assignmentChoices(i18n.language, '').slice(1),
          ]}
          value={state.assignedRole ?? ''}
          onChange={(v) => set({ assignedRole: v || null })}
          allowDeselect={false}
        />
        {state.participantId && (
          <Badge
            size="lg"
            variant="light"
            tt="none"
            rightSection={
              <Button size="compact-xs" variant="subtle" onClick={() => set({ participantId: null })}>
                {t('page.clearParticipant')}
              </Button>
            }
          >
            {t('page.participantFilter', { participant: participantCode ?? '…' })}
          </Badge>
        )}
      </Group>
      <DataTable
        label={t('page.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(q) => q.id}
        loading={list.isPending}
        error={list.isError ? { title: t('page.loadFailed'), retry: () => void list.refetch() } : null}
        sort={{ column: state.sort, direction: state.order }}
        onSort={(column) => {
          const sort = column as QuerySort;
          set({ sort, order: sort === state.sort && state.order === 'desc' ? 'asc' : 'desc' });
        }}
        paging={
          list.data && {
            page: state.page,
            pageSize: state.pageSize,
            total: list.data.total,
            pageSizes: PAGE_SIZES,
            onPage: (page) => set({ page }),
            onPageSize: (pageSize) => set({ pageSize }),
          }
        }
        labels={{ count: (total) => t('page.count', { count: total }) }}
        empty={<TableEmpty title={t('page.empty')} hint={t('page.emptyHint')} />}
        minWidth={960}
      />
      <QueryThread
        studyId={studyId}
        queryId={viewing?.id ?? null}
        title={viewing ? t('thread.title', { item: itemTextOf(viewing, i18n.language) }) : ''}
        opened={viewing !== null}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
