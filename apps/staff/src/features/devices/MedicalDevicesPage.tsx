/**
 * #/studies/:studyId/customize/medical-devices (H-038; H-030…H-032; decision H-devices): the measurement types the
 * study collects (with their LOINC codes and UCUM units) and whether it accepts device data; the device catalogue
 * searched by words and type, and the study's chosen devices; how data are sent (the endpoints, a sample FHIR bundle)
 * and the gateway's ingestion keys, each shown once when made. Read-only in the test twin and for non-builders.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type DeviceSettings, listDeviceTypes } from '@trialpath/contract';
import { DEVICE_TYPES, type DeviceType, sampleFhirBundle } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { DeviceChooser } from './DeviceChooser';
import { IntakeSection } from './IntakeSection';
import { readOnlyText, useDeviceSettings, useReadOnlyReason, useSaveSettings } from './settings';

function TypesSection({
  studyId,
  settings,
  editable,
}: {
  studyId: string;
  settings: DeviceSettings;
  editable: boolean;
}) {
  const { t } = useTranslation('devices');
  const types = useEndpointQuery(listDeviceTypes);
  const [chosen, setChosen] = useState<string[]>(settings.deviceTypes);
  const [accepting, setAccepting] = useState(settings.ingestionEnabled);
  useEffect(() => {
    setChosen(settings.deviceTypes);
    setAccepting(settings.ingestionEnabled);
  }, [settings]);
  const { save, busy } = useSaveSettings(studyId);
  const codes = (id: DeviceType) => {
    const info = types.data?.types.find((x) => x.id === id);
    if (!info) return '';
    const all = [...(info.panel ? [info.panel.loinc] : []), ...info.measures.map((m) => m.loinc)];
    return t('medical.codes', {
      codes: all.join(', '),
      units: [...new Set(info.measures.map((m) => m.unit))].join(', '),
    });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('medical.typesTitle')}>
      <Title order={2} fz="lg">
        {t('medical.typesTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('medical.typesHint')}
      </Text>
      <Checkbox.Group value={chosen} onChange={setChosen}>
        <Stack gap="xs">
          {DEVICE_TYPES.map((id) => (
            <Checkbox key={id} value={id} label={t(`type.${id}`)} description={codes(id)} disabled={!editable} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        mt="md"
        label={t('medical.ingestion')}
        description={t('medical.ingestionHint')}
        checked={accepting}
        onChange={(e) => setAccepting(e.currentTarget.checked)}
        disabled={!editable}
      />
      {editable && (
        <Group justify="flex-end" mt="md">
          <Button
            loading={busy}
            onClick={() =>
              void save(settings, {
                deviceTypes: DEVICE_TYPES.filter((x) => chosen.includes(x)),
                ingestionEnabled: accepting,
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

export function MedicalDevicesPage() {
  const { t } = useTranslation('devices');
  const { studyId = '' } = useParams();
  const settings = useDeviceSettings(studyId);
  const reason = useReadOnlyReason(studyId);
  const notice = readOnlyText(t, reason);
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <div>
        <Title order={1} fz={28}>
          {t('medical.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('medical.subtitle')}
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
          <TypesSection studyId={studyId} settings={settings.data} editable={reason === null} />
          <DeviceChooser studyId={studyId} settings={settings.data} editable={reason === null} />
          <IntakeSection
            studyId={studyId}
            settings={settings.data}
            editable={reason === null}
            sample={JSON.stringify(sampleFhirBundle(), null, 2)}
          />
        </>
      )}
    </Stack>
  );
}
