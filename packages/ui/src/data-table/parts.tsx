import { Box, Group, Input, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import type { SortMode } from '@trialpath/domain';
import { type ChangeEvent, useId } from 'react';
import type { DataTableLabels, DataTablePaging, DataTableSort } from './DataTable';

export function sortModeOf(sort: DataTableSort | undefined, column: string): SortMode {
  return sort?.column === column ? sort.direction : 'none';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: 'none' } as const;
const ARROW = { asc: '▲', desc: '▼', none: '↕' } as const;

export function SortHeader({
  header,
  mode,
  name,
  onSort,
}: {
  header: string;
  mode: SortMode;
  name: string;
  onSort: () => void;
}) {
  return (
    <Table.Th aria-sort={ARIA_SORT[mode]}>
      <UnstyledButton onClick={onSort} aria-label={name} className="tp-sort-button">
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {header}
          </Text>
          <Text span size="xs" c={mode === 'none' ? 'gray.6' : 'teal.8'} aria-hidden="true">
            {ARROW[mode]}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The names of the page buttons: Mantine's arrows and numbers have no text a screen reader can say. */
export interface PagingControlTexts {
  previousPage: string;
  nextPage: string;
  page: string;
}

export function PagingFooter({
  paging,
  labels,
  controls,
}: {
  paging: DataTablePaging;
  labels: Required<DataTableLabels>;
  controls: PagingControlTexts;
}) {
  const pageSizeId = useId();
  const totalPages = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {labels.count(paging.total)}
      </Text>
      <Group gap="md" wrap="wrap">
        {/* A native select on the input parts already loaded: the first route's bundle budget is tight. */}
        <Input.Wrapper id={pageSizeId} label={labels.pageSize} size="xs">
          <Input
            id={pageSizeId}
            component="select"
            rightSection={<span aria-hidden="true">▾</span>}
            rightSectionPointerEvents="none"
            size="xs"
            w={90}
            value={String(paging.pageSize)}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => paging.onPageSize(Number(e.currentTarget.value))}
          >
            {[...new Set([...paging.pageSizes, paging.pageSize])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </Input>
        </Input.Wrapper>
        {totalPages > 1 && (
          <Box component="nav" aria-label={labels.pages}>
            <Pagination
              total={totalPages}
              value={paging.page}
              onChange={paging.onPage}
              size="sm"
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': controls.previousPage }
                  : control === 'next'
                    ? { 'aria-label': controls.nextPage }
                    : {}
              }
              getItemProps={(page) => ({ 'aria-label': `${controls.page} ${page}` })}
            />
          </Box>
        )}
      </Group>
    </Group>
  );
}
