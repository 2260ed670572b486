import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Pagination,
  Input,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { listStudies, type StudyListItem } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, MOBILE_BREAKPOINT_PX, PAGE_SIZE_OPTIONS, roleTitle } from '@trialpath/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clickColumn, columnMode, readListState, type SortField, toQuery, writeListState } from './list-state';
import { StatusBadge } from './StatusBadge';
import { useEndpointQuery } from '../../shared/queries';

function SortHeader({
  field,
  label,
  state,
  onSort,
}: {
  field: SortField;
  label: string;
  state: ReturnType<typeof readListState>;
  onSort: (f: SortField) => void;
}) {
  const { t } = useTranslation('studies');
  const mode = columnMode(state, field);
  const arrow = mode === 'asc' ? '▲' : mode === 'desc' ? '▼' : '↕';
  return (
    <Table.Th aria-sort={mode === 'asc' ? 'ascending' : mode === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        onClick={() => onSort(field)}
        aria-label={t('studies.sortBy', { column: label })}
        className="tp-sort-button"
      >
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text span size="xs" c={mode === 'none' ? 'gray.5' : 'teal.8'} aria-hidden="true">
            {arrow}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function StudyCard({ s }: { s: StudyListItem }) {
  const { t } = useTranslation('studies');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/studies/${s.id}/dashboard`}
      aria-label={t('studies.openStudy', { name: s.name })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{s.name}</Text>
          <Text size="sm" c="dimmed">
            {s.code} · {s.sponsorName ?? '—'}
          </Text>
        </div>
        <StatusBadge status={s.status} />
      </Group>
      <Group gap="md" mt="xs">
        <Text size="xs" c="dimmed">
          {t('studies.sites')}: {s.siteCount}
        </Text>
        <Text size="xs" c="dimmed">
          {t('studies.role')}: {roleTitle(s.userRole)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDate(s.updatedAt, DATE_FORMATS.DATE_TIME)}
        </Text>
      </Group>
    </Card>
  );
}

/** #/studies: the studies the user is assigned to, searched, sorted and paged (15 a page unless chosen). */
export function StudiesPage() {
  const { t } = useTranslation('studies');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [searchInput, setSearchInput] = useState(state.search);
  const [debounced] = useDebouncedValue(searchInput, 350);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const pageSizeId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text updates the address
  useEffect(() => {
    if (debounced.trim() !== state.search)
      setParams(writeListState({ ...state, search: debounced.trim(), page: 1 }), { replace: true });
  }, [debounced]);

  const query = toQuery(state);
  const studies = useEndpointQuery(listStudies, { query }, { placeholderData: keepPreviousData });
  const data = studies.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || state.pageSize))) : 1;
  const onSort = (f: SortField) => setParams(writeListState(clickColumn(state, f)));
  const open = (s: StudyListItem) => navigate(`/studies/${s.id}/dashboard`);

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
        <TextInput
          label={t('studies.search')}
          placeholder={t('studies.searchPlaceholder')}
          type="search"
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>

      {studies.isError && !data ? (
        <Alert color="red" variant="light" title={t('studies.loadError')}>
          <Button size="xs" variant="default" onClick={() => studies.refetch()}>
            {t('studies.retry')}
          </Button>
        </Alert>
      ) : null}

      {data && data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Title order={2} fz="lg" mb={6}>
            {t('studies.empty')}
          </Title>
          <Text c="dimmed" size="sm">
            {state.search ? t('studies.emptySearch', { search: state.search }) : t('studies.emptyNone')}
          </Text>
        </Paper>
      ) : null}

      {data && data.items.length > 0 && isMobile ? (
        <Stack gap="sm">
          {data.items.map((s) => (
            <StudyCard key={s.id} s={s} />
          ))}
        </Stack>
      ) : null}

      {data && data.items.length > 0 && !isMobile ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={800}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t('studies.title')}>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <SortHeader field="name" label={t('studies.name')} state={state} onSort={onSort} />
                  <SortHeader field="code" label={t('studies.code')} state={state} onSort={onSort} />
                  <SortHeader field="status" label={t('studies.status')} state={state} onSort={onSort} />
                  <Table.Th>{t('studies.sponsor')}</Table.Th>
                  <Table.Th>{t('studies.sites')}</Table.Th>
                  <Table.Th>{t('studies.role')}</Table.Th>
                  <SortHeader field="updatedAt" label={t('studies.updated')} state={state} onSort={onSort} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((s) => (
                  <Table.Tr key={s.id} onClick={() => open(s)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/studies/${s.id}/dashboard`}
                        fw={600}
                        onClick={(e) => e.stopPropagation()}
                      >
                        {s.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="gray" radius="sm" tt="none">
                        {s.code}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={s.status} />
                    </Table.Td>
                    <Table.Td>{s.sponsorName ?? '—'}</Table.Td>
                    <Table.Td>{s.siteCount}</Table.Td>
                    <Table.Td>{roleTitle(s.userRole)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dark.5">
                        {formatDisplayDate(s.updatedAt, DATE_FORMATS.DATE_TIME)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}

      {data && data.total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('studies.count', { count: data.total })}
          </Text>
          <Group gap="md" wrap="wrap">
            {/* A native select on the input parts already loaded: the first route's bundle budget is tight. */}
            <Input.Wrapper id={pageSizeId} label={t('studies.pageSize')} size="xs" w={90}>
              <Input
                id={pageSizeId}
                component="select"
                rightSection={<span aria-hidden="true">▾</span>}
                rightSectionPointerEvents="none"
                size="xs"
                value={String(state.pageSize)}
                onChange={(e: ChangeEvent<HTMLSelectElement>) =>
                  setParams(writeListState({ ...state, pageSize: Number(e.currentTarget.value), page: 1 }))
                }
              >
                {PAGE_SIZE_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Input>
            </Input.Wrapper>
            {totalPages > 1 && (
              <Box component="nav" aria-label={t('studies.pagination')}>
                <Pagination
                  total={totalPages}
                  value={state.page}
                  onChange={(page) => setParams(writeListState({ ...state, page }))}
                  size="sm"
                />
              </Box>
            )}
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
