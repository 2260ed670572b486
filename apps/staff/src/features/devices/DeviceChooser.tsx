/**
 * The device catalogue and the study's chosen devices (H-030 study validic devices, H-031 search and list): search by
 * words and measurement type, a page of 20 at a time; ticking a device adds it to the chosen ones, saved together.
 */
import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type CatalogueDeviceItem,
  type DeviceSettings,
  getStudyDeviceSettings,
  getStudyValidicDevices,
  listDeviceCatalogue,
  updateStudyValidicDevices,
} from '@trialpath/contract';
import { DEVICE_TYPES, type DeviceType } from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

export function DeviceChooser({
  studyId,
  settings,
  editable,
}: {
  studyId: string;
  settings: DeviceSettings;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<DeviceType | null>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<CatalogueDeviceItem[]>(settings.validicDevices);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(settings.validicDevices), [settings]);
  const catalogue = useEndpointQuery(
    listDeviceCatalogue,
    { query: { search, page, ...(type ? { type } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const isChosen = (d: CatalogueDeviceItem) => chosen.some((c) => c.id === d.id);
  const toggle = (d: CatalogueDeviceItem, on: boolean) =>
    setChosen((list) => (on ? [...list, d] : list.filter((c) => c.id !== d.id)));
  const save = async () => {
    setBusy(true);
    try {
      await api.call(updateStudyValidicDevices, { params: { studyId }, body: { deviceIds: chosen.map((d) => d.id) } });
      notify(t('medical.devicesSaved'), { kind: 'success' });
      await invalidateEndpoints(queryClient, getStudyDeviceSettings, getStudyValidicDevices);
    } catch (e) {
      notify(refusalText(e, i18n.language, t('medical.failed')), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const columns: DataTableColumn<CatalogueDeviceItem>[] = [
    {
      id: 'chosen',
      header: '',
      cell: (d) => (
        <Checkbox
          aria-label={t('medical.choose', { model: `${d.manufacturer} ${d.model}` })}
          checked={isChosen(d)}
          disabled={!editable}
          onChange={(e) => toggle(d, e.currentTarget.checked)}
        />
      ),
    },
    { id: 'manufacturer', header: t('medical.manufacturer'), cell: (d) => d.manufacturer },
    { id: 'model', header: t('medical.model'), cell: (d) => d.model },
    { id: 'measures', header: t('medical.measures'), cell: (d) => d.types.map((x) => t(`type.${x}`)).join(', ') },
    { id: 'connection', header: t('medical.connectionColumn'), cell: (d) => t(`connection.${d.connection}`) },
  ];
  const pages = catalogue.data ? Math.max(1, Math.ceil(catalogue.data.total / catalogue.data.pageSize)) : 1;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('medical.devicesTitle')}>
      <Title order={2} fz="lg">
        {t('medical.devicesTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('medical.devicesHint')}
      </Text>
      <Group align="flex-end" mb="sm">
        <TextInput
          label={t('medical.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('medical.typeFilter')}
          placeholder={t('medical.anyType')}
          clearable
          data={DEVICE_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
          value={type}
          onChange={(v) => {
            setType(v as DeviceType | null);
            setPage(1);
          }}
        />
      </Group>
      <DataTable
        label={t('medical.catalogueLabel')}
        columns={columns}
        rows={catalogue.data?.items}
        rowKey={(d) => d.id}
        loading={catalogue.isPending}
        empty={<TableEmpty title={t('medical.noDevice')} hint={t('medical.noDeviceHint')} />}
        minWidth={640}
      />
      <Group justify="space-between" mt="xs">
        <Text size="sm" c="dimmed">
          {t('medical.pageOf', { page, pages })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="compact-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('medical.previous')}
          </Button>
          <Button variant="default" size="compact-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('medical.next')}
          </Button>
        </Group>
      </Group>
      <Stack gap={6} mt="md">
        <Text fw={600} size="sm">
          {t('medical.chosenTitle', { count: chosen.length })}
        </Text>
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('medical.noneChosen')}
          </Text>
        ) : (
          <Group gap={6}>
            {chosen.map((d) => (
              <Badge key={d.id} variant="light" tt="none">
                {`${d.manufacturer} ${d.model}`}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      {editable && (
        <Group justify="flex-end" mt="md">
          <Button loading={busy} onClick={() => void save()}>
            {t('medical.saveDevices')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
