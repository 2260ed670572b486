/** The configuration of a study's linkage tokens (H-025, H-026, H-028, H-029): toggle, dataset name, kinds, key. */
import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  getLinkageConfiguration,
  type LinkageConfiguration,
  listLinkageTokens,
  updateLinkageConfiguration,
} from '@trialpath/contract';
import { LINKAGE_TOKEN_TYPES, type LinkageTokenType } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { RotateKeyDialog } from './RotateKeyDialog';

export function LinkageConfigCard({ studyId, readOnly }: { studyId: string; readOnly: boolean }) {
  const { t, i18n } = useTranslation('linkage');
  const config = useEndpointQuery(getLinkageConfiguration, { params: { studyId } });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="linkage-config">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="linkage-config">
          {t('config.title')}
        </Title>
        {config.isError && (
          <Alert color="red" variant="light" role="alert">
            {refusalText(config.error, i18n.language, t('config.failed'))}
          </Alert>
        )}
        {config.data && <ConfigForm studyId={studyId} config={config.data} readOnly={readOnly} />}
      </Stack>
    </Paper>
  );
}

function ConfigForm(props: { studyId: string; config: LinkageConfiguration; readOnly: boolean }) {
  const { studyId, config, readOnly } = props;
  const { t, i18n } = useTranslation('linkage');
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(config.enabled);
  const [datasetName, setDatasetName] = useState(config.datasetName);
  const [kinds, setKinds] = useState<string[]>(config.tokenTypes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotating, setRotating] = useState(false);
  useEffect(() => {
    setEnabled(config.enabled);
    setDatasetName(config.datasetName);
    setKinds(config.tokenTypes);
  }, [config]);
  const kindLabel: Record<LinkageTokenType, string> = {
    T1: t('config.kind_T1'),
    T2: t('config.kind_T2'),
    T3: t('config.kind_T3'),
    T4: t('config.kind_T4'),
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    setRefusal(null);
    try {
      await api.call(updateLinkageConfiguration, {
        params: { studyId },
        body: { enabled, datasetName, tokenTypes: kinds as LinkageTokenType[] },
      });
      notify(t('config.saved'), { kind: 'success' });
      await invalidateEndpoints(queryClient, getLinkageConfiguration, listLinkageTokens);
    } catch (e) {
      const fields = fieldErrorsOf(e, i18n.language);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setRefusal(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Switch
        label={t('config.enabled')}
        description={t('config.enabledHint')}
        checked={enabled}
        disabled={readOnly}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <TextInput
        label={t('config.datasetName')}
        description={t('config.datasetNameHint')}
        value={datasetName}
        readOnly={readOnly}
        maxLength={120}
        error={errors.datasetName}
        onChange={(e) => setDatasetName(e.currentTarget.value)}
        w={{ base: '100%', sm: 420 }}
      />
      <Checkbox.Group label={t('config.kinds')} value={kinds} onChange={setKinds} error={errors.tokenTypes}>
        <Stack gap={6} mt={6}>
          {LINKAGE_TOKEN_TYPES.map((k) => (
            <Checkbox key={k} value={k} label={kindLabel[k]} disabled={readOnly} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" c={config.hasKey && !config.keyReadable ? 'red' : 'dimmed'}>
        {!config.hasKey
          ? t('config.noKey')
          : config.keyReadable
            ? t('config.keyMade', { when: new Date(config.keyCreatedAt ?? '').toLocaleString(i18n.language) })
            : t('config.keyUnreadable')}
      </Text>
      {!readOnly && (
        <Group gap="xs">
          <Button loading={busy} onClick={() => void save()}>
            {t('config.save')}
          </Button>
          {config.hasKey && (
            <Button variant="default" color="red" onClick={() => setRotating(true)}>
              {t('config.rotate')}
            </Button>
          )}
        </Group>
      )}
      {rotating && <RotateKeyDialog studyId={studyId} onClose={() => setRotating(false)} />}
    </Stack>
  );
}
