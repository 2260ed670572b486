/**
 * A participant's device data (decision H-devices), on the participant profile: per measurement type the study
 * collects, a line chart over time and the table of the measurements (newest first), narrowed to a date range. Shown
 * only when the study collects device data and to a role that may see responses; the server checks the participant.
 */
import { Alert, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type DeviceMeasurement, listParticipantDeviceData } from '@trialpath/contract';
import { can, type DeviceType } from '@trialpath/domain';
import { DataTable, type DataTableColumn, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authoritiesFor } from '../../shared/authorities';
import { useEndpointQuery } from '../../shared/queries';
import { storage } from '../../shared/storage';
import { EChart } from '../analytics/chart/EChart';
import { deviceChartOption } from './device-chart';
import { useDeviceSettings } from './settings';

/** The latest this many of a type are drawn and listed. */
const SHOWN = 500;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

function Measurements({
  studyId,
  participantId,
  types,
}: {
  studyId: string;
  participantId: string;
  types: DeviceType[];
}) {
  const { t, i18n } = useTranslation('devices');
  const [type, setType] = useState<DeviceType>(types[0]!);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { ...(isDay(from) ? { from } : {}), ...(isDay(to) && (!isDay(from) || from <= to) ? { to } : {}) };
  const data = useEndpointQuery(
    listParticipantDeviceData,
    { params: { studyId, participantId }, query: { type, pageSize: SHOWN, ...range } },
    { placeholderData: keepPreviousData },
  );
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const measure = (code: string) => t(`measure.${code}`, { defaultValue: code });
  const items = data.data?.items;
  const option = useMemo(
    () =>
      deviceChartOption(items ?? [], {
        measure: (code) => t(`measure.${code}`, { defaultValue: code }),
        time: t('data.time'),
        value: t(`type.${type}`),
      }),
    [items, type, t],
  );
  const columns: DataTableColumn<DeviceMeasurement>[] = [
    { id: 'when', header: t('data.when'), cell: (m) => when(m.effectiveAt) },
    { id: 'measure', header: t('data.measure'), cell: (m) => measure(m.code) },
    { id: 'value', header: t('data.value'), cell: (m) => `${m.value.toLocaleString(i18n.language)} ${m.unit}` },
    { id: 'source', header: t('data.source'), cell: (m) => m.deviceName ?? m.sourceName ?? m.sourceFormat },
  ];
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('data.type')}
          data={types.map((x) => ({ value: x, label: t(`type.${x}`) }))}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setType(v as DeviceType)}
        />
        <TextInput type="date" label={t('data.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label={t('data.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {data.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('data.failed')}
        </Alert>
      )}
      {items && items.length > 0 && (
        <figure aria-label={t('data.chartLabel', { type: t(`type.${type}`) })} style={{ margin: 0 }}>
          <EChart option={option} height={260} />
        </figure>
      )}
      <DataTable
        label={t('data.tableLabel')}
        columns={columns}
        rows={items}
        rowKey={(m) => m.id}
        loading={data.isPending}
        empty={<TableEmpty title={t('data.empty')} hint={t('data.emptyHint')} />}
        minWidth={560}
      />
      {data.data && data.data.total > 0 && (
        <Text size="sm" c="dimmed">
          {t('data.total', { count: data.data.total })}
          {data.data.total > SHOWN ? ` ${t('data.shown', { count: SHOWN })}` : ''}
        </Text>
      )}
    </Stack>
  );
}

export function DeviceDataPanel({ studyId, participantId }: { studyId: string; participantId: string }) {
  const { t } = useTranslation('devices');
  const seesResponses = authoritiesFor(studyId, storage).some((a) => can(a, 'responses.view'));
  const settings = useDeviceSettings(studyId, seesResponses);
  const types = settings.data?.deviceTypes ?? [];
  if (!seesResponses || types.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="md" component="section" aria-label={t('data.title')}>
      <Title order={2} fz="lg" mb="sm">
        {t('data.title')}
      </Title>
      <Measurements studyId={studyId} participantId={participantId} types={types} />
    </Paper>
  );
}
