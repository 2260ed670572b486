import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { listStudies } from '@trialpath/contract';
import { MOBILE_BREAKPOINT_PX, PAGE_SIZE_OPTIONS } from '@trialpath/domain';
import { DataTable } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { ImportUsdmButton, NewStudyButton } from './NewStudyButton';
import { clickColumn, readListState, type SortField, toQuery, writeListState } from './list-state';
import { StudyCard } from './StudyCard';
import { studyColumns } from './study-columns';

/** #/studies: the studies the user is assigned to, searched, sorted and paged (15 a page unless chosen). */
export function StudiesPage() {
  const { t, i18n } = useTranslation('studies');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [searchInput, setSearchInput] = useState(state.search);
  const [debounced] = useDebouncedValue(searchInput, 350);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text updates the address
  useEffect(() => {
    if (debounced.trim() !== state.search)
      setParams(writeListState({ ...state, search: debounced.trim(), page: 1 }), { replace: true });
  }, [debounced]);

  const studies = useEndpointQuery(listStudies, { query: toQuery(state) }, { placeholderData: keepPreviousData });
  const data = studies.data;
  // The server says whether this person may create a study (the permission matrix stays off the first load).
  const canCreate = data?.canCreate === true;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            {t('studies.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('studies.subtitle')}
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('studies.search')}
            placeholder={t('studies.searchPlaceholder')}
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          {canCreate && <ImportUsdmButton />}
          {canCreate && <NewStudyButton />}
        </Group>
      </Group>
      <DataTable
        label={t('studies.title')}
        columns={studyColumns(t, i18n.language)}
        rows={data?.items}
        rowKey={(s) => s.id}
        loading={studies.isFetching}
        error={
          studies.isError
            ? { title: t('studies.loadError'), retry: () => studies.refetch(), retryLabel: t('studies.retry') }
            : null
        }
        empty={
          <>
            <Title order={2} fz="lg" mb={6}>
              {t('studies.empty')}
            </Title>
            <Text c="dimmed" size="sm">
              {state.search ? t('studies.emptySearch', { search: state.search }) : t('studies.emptyNone')}
            </Text>
          </>
        }
        sort={{ column: state.sort, direction: state.order }}
        onSort={(column) => setParams(writeListState(clickColumn(state, column as SortField)))}
        paging={
          data && {
            page: state.page,
            pageSize: state.pageSize,
            total: data.total,
            pageSizes: PAGE_SIZE_OPTIONS,
            onPage: (page) => setParams(writeListState({ ...state, page })),
            onPageSize: (pageSize) => setParams(writeListState({ ...state, pageSize, page: 1 })),
          }
        }
        onRowClick={(s) => navigate(`/studies/${s.id}/dashboard`)}
        asCards={isMobile}
        card={(s) => <StudyCard key={s.id} s={s} />}
        minWidth={800}
        labels={{
          sortBy: (column) => t('studies.sortBy', { column }),
          pageSize: t('studies.pageSize'),
          pages: t('studies.pagination'),
          count: (count) => t('studies.count', { count }),
        }}
      />
    </Stack>
  );
}
