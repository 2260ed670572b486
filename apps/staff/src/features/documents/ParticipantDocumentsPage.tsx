/**
 * #/studies/:studyId/participant-documents (E-021; decision E-participant-documents): the study's participant
 * documents at the person's sites, in the page's data space, newest first, filtered by status (kept in the address),
 * each with its history and what the person may do on it.
 */
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { listStudyParticipantDocuments, PARTICIPANT_DOCUMENT_FILTERS } from '@trialpath/contract';
import { TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { DocumentsTable } from './DocumentsTable';

type Filter = (typeof PARTICIPANT_DOCUMENT_FILTERS)[number];
const PAGE_SIZES = [25, 50, 100] as const;

function useListState() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status: Filter = PARTICIPANT_DOCUMENT_FILTERS.includes(asked as Filter) ? (asked as Filter) : 'ALL';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1);
  const size = Number.parseInt(search.get('pageSize') ?? '', 10);
  const pageSize = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : PAGE_SIZES[0];
  const set = (next: { status?: Filter; page?: number; pageSize?: number }) => {
    const merged = { status, page, pageSize, ...next };
    const params = new URLSearchParams();
    if (merged.status !== 'ALL') params.set('status', merged.status);
    if (merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(merged.pageSize));
    setSearch(params, { replace: true });
  };
  return { status, page, pageSize, set };
}

export function ParticipantDocumentsPage() {
  const { t } = useTranslation('documents');
  const { studyId = '' } = useParams();
  const path = useStudyPath(studyId);
  const state = useListState();
  const list = useEndpointQuery(
    listStudyParticipantDocuments,
    { params: { studyId }, query: { status: state.status, pageNum: state.page, pageSize: state.pageSize } },
    { placeholderData: keepPreviousData },
  );
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
      <Stack gap={4}>
        <Text size="sm" fw={500} id="document-status-filter">
          {t('page.statusFilter')}
        </Text>
        <SegmentedControl
          aria-labelledby="document-status-filter"
          data={PARTICIPANT_DOCUMENT_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          value={state.status}
          onChange={(v) => state.set({ status: v as Filter, page: 1 })}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <DocumentsTable
        studyId={studyId}
        label={t('page.tableLabel')}
        rows={list.data?.items}
        loading={list.isPending}
        error={list.isError ? { title: t('page.loadFailed'), retry: () => void list.refetch() } : null}
        empty={<TableEmpty title={t('page.empty')} hint={t('page.emptyHint')} />}
        participantColumn={(d) => (
          <Stack gap={0}>
            <Text size="sm" fw={600} component={Link} to={path(`participants/${d.participant.id}`)} c="teal.9">
              {d.participant.participantId}
            </Text>
            {d.participant.name && <Text size="xs">{d.participant.name}</Text>}
          </Stack>
        )}
        paging={
          list.data && {
            page: state.page,
            pageSize: state.pageSize,
            total: list.data.total,
            pageSizes: PAGE_SIZES,
            onPage: (page) => state.set({ page }),
            onPageSize: (pageSize) => state.set({ pageSize, page: 1 }),
          }
        }
        count={(total) => t('page.count', { count: total })}
      />
    </Stack>
  );
}
