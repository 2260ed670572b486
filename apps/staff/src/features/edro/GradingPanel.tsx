/**
 * "Grade a session" (C-019, decision 0045): the manoeuvres of one forced-spirometry session, up to the
 * settings' most efforts, graded as they are typed by the domain's gradeSession — the reported values, the
 * two differences, the ATS/ERS 2019 grade of FVC and of FEV1 with what it means, and the warnings. A
 * calculator for the study team: nothing typed here is saved.
 */
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  gradeMeaning,
  gradeSession,
  refText,
  type SpirometryEffort,
  type SpirometryGrade,
  type SpirometrySettings,
} from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One row as typed: a number, or the text as it stands ('' while empty, '4.10' with its trailing zero). */
export interface EffortRow {
  fvc: number | string;
  fev1: number | string;
  pef: number | string;
  acceptable: boolean;
}

export const blankRow = (): EffortRow => ({ fvc: '', fev1: '', pef: '', acceptable: false });
const isEmpty = (v: number | string) => typeof v === 'string' && v.trim() === '';
const isBlank = (r: EffortRow) => isEmpty(r.fvc) && isEmpty(r.fev1) && isEmpty(r.pef);
/** A typed value as a number: empty or not a number is NaN (named as implausible). */
const numberOf = (v: number | string) => (isEmpty(v) ? Number.NaN : Number(v));

/**
 * The efforts the rows make: empty rows at the end are not entered yet; an empty volume of a row in use is
 * not a number (so it is named as implausible by its row's number); an empty PEF is not recorded.
 */
export function effortsOfRows(rows: readonly EffortRow[]): SpirometryEffort[] {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1]!)) end--;
  return rows.slice(0, end).map((r) => ({
    fvcL: numberOf(r.fvc),
    fev1L: numberOf(r.fev1),
    ...(isEmpty(r.pef) ? {} : { pefLs: numberOf(r.pef) }),
    acceptable: r.acceptable,
  }));
}

function GradeLine({
  label,
  grade,
  toleranceMl,
  testId,
}: {
  label: string;
  grade: SpirometryGrade;
  toleranceMl: number;
  testId: string;
}) {
  const { i18n } = useTranslation('edro');
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Text fw={700} fz="xl" lh={1.1} w={28} ta="center" aria-hidden="true">
        {grade}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          {label}: {grade}.
        </Text>{' '}
        {refText(gradeMeaning(grade, toleranceMl), i18n.language)}
      </Text>
    </Group>
  );
}

export function GradingPanel({ settings }: { settings: SpirometrySettings }) {
  const { t, i18n } = useTranslation('edro');
  const [rows, setRows] = useState<EffortRow[]>(() => Array.from({ length: settings.minEfforts }, blankRow));
  const result = gradeSession(effortsOfRows(rows), settings);
  const number = (v: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const none = t('grading.none');
  const update = (index: number, patch: Partial<EffortRow>) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const full = rows.length >= settings.maxEfforts;

  const facts: [label: string, value: string, testId: string][] = [
    [
      t('grading.reportedFvc'),
      result.fvcL === null ? none : t('grading.litres', { value: number(result.fvcL, 2) }),
      'fvc',
    ],
    [
      t('grading.reportedFev1'),
      result.fev1L === null ? none : t('grading.litres', { value: number(result.fev1L, 2) }),
      'fev1',
    ],
    [
      t('grading.ratio'),
      result.ratioPercent === null ? none : t('grading.percent', { value: number(result.ratioPercent, 1) }),
      'ratio',
    ],
    ...(settings.recordPef
      ? [
          [
            t('grading.pefBest'),
            result.pefLs === null ? none : t('grading.flow', { value: number(result.pefLs, 2) }),
            'pef',
          ] as [string, string, string],
        ]
      : []),
    [
      t('grading.fvcApart'),
      result.fvcDifferenceMl === null ? none : t('grading.millilitres', { value: result.fvcDifferenceMl }),
      'fvc-apart',
    ],
    [
      t('grading.fev1Apart'),
      result.fev1DifferenceMl === null ? none : t('grading.millilitres', { value: result.fev1DifferenceMl }),
      'fev1-apart',
    ],
    [t('grading.tolerance'), t('grading.millilitres', { value: result.toleranceMl }), 'tolerance'],
    [t('grading.repeatable'), result.repeatable ? t('grading.yes') : t('grading.no'), 'repeatable'],
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="grading-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="grading-title">
            {t('grading.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('grading.intro')}
          </Text>
        </div>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t('grading.table')} verticalSpacing="xs" data-testid="efforts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grading.effort')}</Table.Th>
                <Table.Th>{t('grading.fvc')}</Table.Th>
                <Table.Th>{t('grading.fev1')}</Table.Th>
                {settings.recordPef && <Table.Th>{t('grading.pef')}</Table.Th>}
                <Table.Th>{t('grading.acceptable')}</Table.Th>
                <Table.Th>{t('grading.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const n = index + 1;
                return (
                  // Rows have no identity beyond their position: the effort's number.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the effort's number
                  <Table.Tr key={index}>
                    <Table.Td>{n}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('grading.fvcOf', { n })}
                        value={row.fvc}
                        onChange={(v) => update(index, { fvc: v })}
                        decimalScale={3}
                        hideControls
                        w={110}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('grading.fev1Of', { n })}
                        value={row.fev1}
                        onChange={(v) => update(index, { fev1: v })}
                        decimalScale={3}
                        hideControls
                        w={110}
                      />
                    </Table.Td>
                    {settings.recordPef && (
                      <Table.Td>
                        <NumberInput
                          aria-label={t('grading.pefOf', { n })}
                          value={row.pef}
                          onChange={(v) => update(index, { pef: v })}
                          decimalScale={2}
                          hideControls
                          w={110}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Checkbox
                        aria-label={t('grading.acceptableOf', { n })}
                        checked={row.acceptable}
                        onChange={(e) => update(index, { acceptable: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('grading.removeOf', { n })}
                        title={t('grading.remove')}
                        onClick={() => setRows((rs) => rs.filter((_, i) => i !== index))}
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm" wrap="wrap">
          <Button variant="light" disabled={full} onClick={() => setRows((rs) => [...rs, blankRow()])}>
            {t('grading.add')}
          </Button>
          <Button variant="subtle" onClick={() => setRows(Array.from({ length: settings.minEfforts }, blankRow))}>
            {t('grading.clear')}
          </Button>
          {full && (
            <Text size="sm" c="dimmed">
              {t('grading.full', { max: settings.maxEfforts })}
            </Text>
          )}
        </Group>

        <div aria-live="polite">
          <Stack gap="md">
            <Table aria-label={t('grading.results')} withTableBorder maw={520} data-testid="session-result">
              <Table.Tbody>
                {facts.map(([label, value, testId]) => (
                  <Table.Tr key={testId}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td data-testid={`result-${testId}`}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('grading.grades')}
              </Title>
              <GradeLine
                label={t('grading.gradeFvc')}
                grade={result.grades.fvc}
                toleranceMl={result.toleranceMl}
                testId="grade-fvc"
              />
              <GradeLine
                label={t('grading.gradeFev1')}
                grade={result.grades.fev1}
                toleranceMl={result.toleranceMl}
                testId="grade-fev1"
              />
            </Stack>
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('grading.warnings')}
              </Title>
              {result.warnings.length === 0 ? (
                <Text size="sm">{t('grading.noWarnings')}</Text>
              ) : (
                <List size="sm" c="red.9" data-testid="warnings">
                  {result.warnings.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a warning's place in the list is its identity
                    <List.Item key={i}>{refText(w, i18n.language)}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </Stack>
        </div>
      </Stack>
    </Paper>
  );
}
