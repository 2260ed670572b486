/**
 * #/studies/:studyId/customize/wearables (H-039; decision H-devices): the wearable platforms whose data participants
 * share (Apple Health, Health Connect, Fitbit, Garmin, Withings, Oura), the Open mHealth schemas accepted with the
 * measurement type each is stored as (and whether the study collects it), and a sample data point. Read-only in the
 * test twin and for non-builders.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type DeviceSettings, listDeviceTypes } from '@trialpath/contract';
import { sampleOmhBloodPressure, WEARABLE_SOURCE_DEFS, WEARABLE_SOURCES, type WearableSource } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { Copyable } from './IntakeSection';
import { readOnlyText, useDeviceSettings, useReadOnlyReason, useSaveSettings } from './settings';

function Sources({ studyId, settings, editable }: { studyId: string; settings: DeviceSettings; editable: boolean }) {
  const { t } = useTranslation('devices');
  const [chosen, setChosen] = useState<string[]>(settings.wearableSources);
  useEffect(() => setChosen(settings.wearableSources), [settings]);
  const { save, busy } = useSaveSettings(studyId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('wearables.sourcesTitle')}>
      <Title order={2} fz="lg" mb="sm">
        {t('wearables.sourcesTitle')}
      </Title>
      <Checkbox.Group value={chosen} onChange={setChosen}>
        <Stack gap="xs">
          {WEARABLE_SOURCES.map((id) => (
            <Checkbox
              key={id}
              value={id}
              label={WEARABLE_SOURCE_DEFS[id].name}
              description={t('wearables.schemasOf', { schemas: WEARABLE_SOURCE_DEFS[id].schemas.join(', ') })}
              disabled={!editable}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {editable && (
        <Group justify="flex-end" mt="md">
          <Button
            loading={busy}
            onClick={() =>
              void save(settings, {
                wearableSources: WEARABLE_SOURCES.filter((s): s is WearableSource => chosen.includes(s)),
              })
            }
          >
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function Schemas({ settings }: { settings: DeviceSettings }) {
  const { t } = useTranslation('devices');
  const types = useEndpointQuery(listDeviceTypes);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('wearables.schemasTitle')}>
      <Title order={2} fz="lg" mb="sm">
        {t('wearables.schemasTitle')}
      </Title>
      <Table aria-label={t('wearables.schemasLabel')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('wearables.schema')}</Table.Th>
            <Table.Th>{t('wearables.storedAs')}</Table.Th>
            <Table.Th>{t('wearables.collected')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(types.data?.omhSchemas ?? []).map((s) => (
            <Table.Tr key={s.name}>
              <Table.Td>
                <code>{`omh:${s.name}`}</code>
              </Table.Td>
              <Table.Td>{t(`type.${s.type}`)}</Table.Td>
              <Table.Td>{settings.deviceTypes.includes(s.type) ? t('wearables.yes') : t('wearables.no')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack mt="md">
        <Copyable label={t('common.samplePayload')} text={JSON.stringify(sampleOmhBloodPressure(), null, 2)} block />
      </Stack>
    </Paper>
  );
}

export function WearablesPage() {
  const { t } = useTranslation('devices');
  const { studyId = '' } = useParams();
  const settings = useDeviceSettings(studyId);
  const reason = useReadOnlyReason(studyId);
  const notice = readOnlyText(t, reason);
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <div>
        <Title order={1} fz={28}>
          {t('wearables.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('wearables.subtitle')}
        </Text>
      </div>
      {notice && (
        <Alert color="gray" variant="light">
          {notice}
        </Alert>
      )}
      {settings.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('common.loadFailed')}
        </Alert>
      )}
      {settings.data && (
        <>
          <Sources studyId={studyId} settings={settings.data} editable={reason === null} />
          <Schemas settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
