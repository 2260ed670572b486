/**
 * #/studies/:studyId/customize/epic-mychart (issue 14; H-036, H-037; decision H-epic-mychart): the study's SMART on FHIR
 * link — whether participants are offered it, the EHR's FHIR base address, the client (its secret write-only), the
 * scopes and the records fetched — with a test of the SMART discovery and the redirect URI to register at the EHR.
 * The test twin shows it read-only. The server decides who may change it (studies.design).
 */
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EHR_RESOURCE_TYPES,
  type EhrDiscovery,
  type EhrLink,
  getStudyEhrLink,
  putStudyEhrLink,
  testStudyEhrLink,
} from '@trialpath/contract';
import { isTestTwinPath } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

type Draft = Omit<EhrLink, 'configured' | 'hasClientSecret' | 'redirectUri' | 'lastDiscovery' | 'updatedAt'> & {
  clientSecret: string;
  clearClientSecret: boolean;
};

const draftOf = (l: EhrLink): Draft => ({
  enabled: l.enabled,
  displayName: l.displayName,
  fhirBaseUrl: l.fhirBaseUrl,
  clientId: l.clientId,
  scopes: l.scopes,
  resourceTypes: l.resourceTypes,
  clientSecret: '',
  clearClientSecret: false,
});

function DiscoveryResult({ found }: { found: EhrDiscovery }) {
  const { t, i18n } = useTranslation('ehr');
  return (
    <Alert
      color={found.ok ? 'teal' : 'red'}
      variant="light"
      title={found.ok ? t('link.testOk') : t('link.testFailed', { reason: found.reason })}
    >
      <Stack gap={4}>
        {found.authorizationEndpoint && (
          <Text size="sm">
            {t('link.authorizationEndpoint')}: <Code>{found.authorizationEndpoint}</Code>
          </Text>
        )}
        {found.tokenEndpoint && (
          <Text size="sm">
            {t('link.tokenEndpoint')}: <Code>{found.tokenEndpoint}</Code>
          </Text>
        )}
        {found.capabilities.length > 0 && (
          <Text size="sm">
            {t('link.capabilities')}: {found.capabilities.join(', ')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('link.lastTest', { when: new Date(found.at).toLocaleString(i18n.language) })}
        </Text>
      </Stack>
    </Alert>
  );
}

function LinkForm({ studyId, link, readOnly }: { studyId: string; link: EhrLink; readOnly: boolean }) {
  const { t, i18n } = useTranslation('ehr');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(link));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [found, setFound] = useState<EhrDiscovery | null>(link.lastDiscovery);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (name: string) => errors[name];

  const save = async () => {
    setSaving(true);
    setErrors({});
    setRefusal(null);
    try {
      const { clientSecret, ...rest } = draft;
      const saved = await api.call(putStudyEhrLink, {
        params: { studyId },
        body: { ...rest, ...(clientSecret ? { clientSecret } : {}) },
      });
      setDraft(draftOf(saved));
      await invalidateEndpoints(queryClient, getStudyEhrLink);
      notify(t('link.saved'), { kind: 'success' });
    } catch (error) {
      setErrors(fieldErrorsOf(error, i18n.language));
      setRefusal(refusalText(error, i18n.language, t('link.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setRefusal(null);
    try {
      setFound(
        await api.call(testStudyEhrLink, {
          params: { studyId },
          body: draft.fhirBaseUrl ? { fhirBaseUrl: draft.fhirBaseUrl } : {},
        }),
      );
    } catch (error) {
      setErrors(fieldErrorsOf(error, i18n.language));
      setRefusal(refusalText(error, i18n.language, t('link.saveFailed')));
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack gap="md">
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Switch
        label={t('link.enabled')}
        checked={draft.enabled}
        disabled={readOnly}
        onChange={(e) => set('enabled', e.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('link.displayName')}
          value={draft.displayName}
          readOnly={readOnly}
          error={fieldError('displayName')}
          onChange={(e) => set('displayName', e.currentTarget.value)}
        />
        <TextInput
          label={t('link.fhirBaseUrl')}
          description={t('link.fhirBaseUrlHint')}
          value={draft.fhirBaseUrl}
          readOnly={readOnly}
          error={fieldError('fhirBaseUrl')}
          onChange={(e) => set('fhirBaseUrl', e.currentTarget.value)}
        />
        <TextInput
          label={t('link.clientId')}
          value={draft.clientId}
          readOnly={readOnly}
          error={fieldError('clientId')}
          onChange={(e) => set('clientId', e.currentTarget.value)}
        />
        {!readOnly && (
          <PasswordInput
            label={t('link.clientSecret')}
            description={link.hasClientSecret ? t('link.clientSecretStored') : t('link.clientSecretHint')}
            value={draft.clientSecret}
            autoComplete="new-password"
            error={fieldError('clientSecret')}
            onChange={(e) => set('clientSecret', e.currentTarget.value)}
          />
        )}
      </SimpleGrid>
      {!readOnly && link.hasClientSecret && (
        <Checkbox
          label={t('link.clearClientSecret')}
          checked={draft.clearClientSecret}
          onChange={(e) => set('clearClientSecret', e.currentTarget.checked)}
        />
      )}
      <Textarea
        label={t('link.scopes')}
        value={draft.scopes}
        readOnly={readOnly}
        autosize
        minRows={2}
        error={fieldError('scopes')}
        onChange={(e) => set('scopes', e.currentTarget.value)}
      />
      <Checkbox.Group
        label={t('link.resources')}
        value={draft.resourceTypes}
        onChange={(v) => set('resourceTypes', v as Draft['resourceTypes'])}
      >
        <Group gap="md" mt={4}>
          {EHR_RESOURCE_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={type} disabled={readOnly} />
          ))}
        </Group>
      </Checkbox.Group>
      <Paper withBorder p="sm" radius="md">
        <Text size="sm" fw={600}>
          {t('link.redirectUri')}
        </Text>
        <Group gap="xs" mt={4} wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }}>{link.redirectUri}</Code>
          <CopyButton value={link.redirectUri}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? t('link.copied') : t('link.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Paper>
      {found && <DiscoveryResult found={found} />}
      {!readOnly && (
        <Group>
          <Button onClick={save} loading={saving}>
            {t('link.save')}
          </Button>
          <Button variant="light" onClick={test} loading={testing} disabled={!draft.fhirBaseUrl}>
            {testing ? t('link.testing') : t('link.test')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function EpicMyChartPage() {
  const { t } = useTranslation('ehr');
  const { studyId = '' } = useParams();
  const readOnly = isTestTwinPath(useLocation().pathname);
  const link = useEndpointQuery(getStudyEhrLink, { params: { studyId } });
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1} fz={28}>
          {t('link.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('link.subtitle')}
        </Text>
      </div>
      {readOnly && (
        <Alert color="gray" variant="light">
          {t('link.readOnly')}
        </Alert>
      )}
      {link.isError && (
        <Alert color="red" variant="light">
          {t('link.loadFailed')}
        </Alert>
      )}
      {link.data && (
        <LinkForm key={link.data.updatedAt ?? 'new'} studyId={studyId} link={link.data} readOnly={readOnly} />
      )}
    </Stack>
  );
}
