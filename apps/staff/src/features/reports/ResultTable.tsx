/**
 * A page of a report's rows under the server's column names, captioned with the report's name for screen readers; a
 * wide report scrolls sideways inside its frame (a phone's 390 px), and pages come with named page buttons.
 */
import { Box, Pagination, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReportResult } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';

export function ResultTable({
  caption,
  result,
  busy,
  onPage,
}: {
  caption: string;
  result: ReportResult;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const cell = (v: string | number | null) =>
    v === null || v === '' ? '—' : typeof v === 'number' ? v.toLocaleString(i18n.language) : v;
  const pages = Math.ceil(result.total / result.pageSize);
  if (result.rows.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text c="dimmed">{t('report.empty')}</Text>
      </Paper>
    );
  return (
    <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {/* a region of its own, reachable by keyboard: a wide report scrolls sideways on a phone (axe 2.1) */}
        <Box component="section" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table
            miw={Math.max(600, result.columns.length * 130)}
            striped
            highlightOnHover
            verticalSpacing="xs"
            horizontalSpacing="md"
            aria-busy={busy}
          >
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {result.columns.map((c) => (
                  <Table.Th key={c.key} scope="col" style={{ whiteSpace: 'nowrap' }}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.rows.map((row, r) => (
                // rows are positional within a page and never move while shown
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={r}>
                  {row.map((v, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <Table.Td key={c}>{cell(v)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Paper>
      {result.total > result.pageSize && (
        <Box component="nav" aria-label={t('report.pages')}>
          <Pagination
            total={pages}
            value={result.page}
            onChange={onPage}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('report.previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('report.nextPage') }
                  : {}
            }
            getItemProps={(page) => ({ 'aria-label': t('report.page', { page }) })}
          />
        </Box>
      )}
    </Box>
  );
}
