/**
 * One analytics chart (issue 13): its title, the drawing, the same data as a table on demand (the accessible
 * form: the drawing is aria-hidden) and its CSV download (G-081…G-084, named and written by the domain's rules).
 * The card's own texts are the `analytics` namespace (chart.*); title and rows come translated from the caller.
 */
import {
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  type TitleOrder,
  VisuallyHidden,
} from '@mantine/core';
import { chartCsv, chartCsvFileName } from '@trialpath/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/download';
import type { ChartOption } from './chart-options';
import { EChart } from './EChart';

export type ChartCell = string | number | null;

export interface ChartCardProps {
  title: string;
  subtitle?: string;
  /** The heading level of the title in the page's outline. */
  headingLevel?: TitleOrder;
  /** Column names of the table and the CSV. */
  header: string[];
  rows: ChartCell[][];
  option: ChartOption;
  /** The first selected site or country: the CSV file name's suffix (G-082). */
  firstSelected?: string | null;
  /** No data for the filters: a plain message instead of the chart, nothing to download. */
  empty?: boolean;
  loading?: boolean;
  height?: number;
}

export function ChartCard({
  title,
  subtitle,
  headingLevel = 3,
  header,
  rows,
  option,
  firstSelected,
  empty = false,
  loading = false,
  height = 320,
}: ChartCardProps) {
  const { t, i18n } = useTranslation('analytics');
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const titleId = useId();
  const numbers = new Intl.NumberFormat(i18n.language);
  const cell = (v: ChartCell) => (typeof v === 'number' ? numbers.format(v) : (v ?? '–'));
  const hasData = !empty && !loading;

  const download = () => {
    const now = new Date();
    // the byte order mark lets a spreadsheet read the UTF-8 (Spanish names), as the participant export does
    const csv = `\uFEFF${chartCsv(title, now, header, rows)}`;
    saveFile(chartCsvFileName(title, now, firstSelected), 'text/csv;charset=utf-8', csv);
  };

  return (
    // a region named by its title: each chart is a landmark a screen reader can jump to
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" aria-busy={loading || undefined}>
      <Stack gap="sm">
        <div>
          <Title id={titleId} order={headingLevel} fz="lg">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {loading ? (
          <>
            <Skeleton height={height} aria-hidden="true" />
            <VisuallyHidden role="status">{t('chart.loading')}</VisuallyHidden>
          </>
        ) : empty ? (
          <Text c="dimmed" ta="center" py="xl" role="status">
            {t('chart.noData')}
          </Text>
        ) : (
          <EChart option={option} height={height} />
        )}
        <Group gap="xs" justify="flex-end">
          {hasData && (
            <Button
              variant="default"
              size="compact-sm"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown((shown) => !shown)}
            >
              {tableShown ? t('chart.hideTable') : t('chart.showTable')}
            </Button>
          )}
          {/* default buttons: the theme's light and subtle hover tints fall under 4.5:1 (axe, WCAG 1.4.3) */}
          <Button variant="default" size="compact-sm" disabled={!hasData} onClick={download}>
            {t('chart.downloadCsv')}
          </Button>
        </Group>
        {hasData && tableShown && (
          // reachable by keyboard when it scrolls sideways on a phone (axe: scrollable-region-focusable)
          <Box
            component="section"
            aria-label={t('chart.tableRegion', { title })}
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table id={tableId} miw={320} striped captionSide="top">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {header.map((h) => (
                    <Table.Th key={h} scope="col">
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, r) => (
                  // rows have no id of their own and never move while shown
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
        )}
      </Stack>
    </Paper>
  );
}
