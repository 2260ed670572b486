/**
 * How device data reach the study (decision H-devices): the participant's endpoint, the gateway's endpoint with the
 * study's ingestion keys — one per data space, made or replaced here and shown only once — and a sample payload.
 */
import { Button, Code, CopyButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type DeviceSettings,
  getStudyDeviceSettings,
  rotateDeviceIngestionKey,
  submitGatewayDeviceData,
  submitParticipantDeviceData,
} from '@trialpath/contract';
import type { AppEnvironment } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

const ENVIRONMENTS: readonly AppEnvironment[] = ['LIVE', 'TEST'];

/** A text to copy: shown in code, with a copy button. */
export function Copyable({ label, text, block = false }: { label: string; text: string; block?: boolean }) {
  const { t } = useTranslation('devices');
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block={block} style={{ overflowWrap: 'anywhere', whiteSpace: block ? 'pre' : 'normal' }}>
        {text}
      </Code>
    </Stack>
  );
}

function KeyRow(props: {
  env: AppEnvironment;
  settings: DeviceSettings;
  editable: boolean;
  onMake: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const key = props.settings.ingestionKeys[props.env];
  let state: ReactNode = t('medical.noKey');
  if (key)
    state = t('medical.keyHint', { hint: key.hint, when: new Date(key.createdAt).toLocaleString(i18n.language) });
  return (
    <Group justify="space-between" wrap="wrap">
      <div>
        <Text size="sm" fw={600}>
          {t(`medical.keyOf_${props.env}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {state}
        </Text>
      </div>
      {props.editable && (
        <Button variant="default" size="compact-sm" loading={props.busy} onClick={props.onMake}>
          {key ? t('medical.replaceKey') : t('medical.makeKey')}
        </Button>
      )}
    </Group>
  );
}

export function IntakeSection(props: { studyId: string; settings: DeviceSettings; editable: boolean; sample: string }) {
  const { t, i18n } = useTranslation('devices');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<AppEnvironment | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const participantUrl = `${origin}${submitParticipantDeviceData.path}`;
  const gatewayUrl = `${origin}${submitGatewayDeviceData.path.replace(':studyId', props.studyId)}?token={key}`;
  const make = async (environment: AppEnvironment) => {
    setBusy(environment);
    try {
      const r = await api.call(rotateDeviceIngestionKey, { params: { studyId: props.studyId }, body: { environment } });
      setMade(r.key);
      await invalidateEndpoints(queryClient, getStudyDeviceSettings);
    } catch (e) {
      notify(refusalText(e, i18n.language, t('medical.failed')), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('medical.intakeTitle')}>
      <Title order={2} fz="lg">
        {t('medical.intakeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('medical.intakeHint')}
      </Text>
      <Stack gap="sm">
        <Copyable label={t('medical.participantEndpoint')} text={`POST ${participantUrl}`} />
        <Copyable label={t('medical.gatewayEndpoint')} text={`POST ${gatewayUrl}`} />
        <Title order={3} fz="md" mt="sm">
          {t('medical.keyTitle')}
        </Title>
        {ENVIRONMENTS.map((env) => (
          <KeyRow
            key={env}
            env={env}
            settings={props.settings}
            editable={props.editable}
            busy={busy === env}
            onMake={() => void make(env)}
          />
        ))}
        <Copyable label={t('common.samplePayload')} text={props.sample} block />
      </Stack>
      <Modal
        opened={made !== null}
        onClose={() => setMade(null)}
        title={t('medical.keyMadeTitle')}
        centered
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <Stack gap="md">
          <Text size="sm">{t('medical.keyMadeText')}</Text>
          {made && <Copyable label={t('medical.keyMadeTitle')} text={made} />}
          <Group justify="flex-end">
            <Button onClick={() => setMade(null)}>{t('medical.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
