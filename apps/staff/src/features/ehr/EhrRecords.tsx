/**
 * A participant's EHR records (issue 14; H-036; decision H-epic-mychart), for the participant profile: the connection's
 * status, the Patient's summary, then Observations, Conditions and Medications as the participant's EHR answered them.
 * The server decides who may read them (responses.view and the participant row check).
 */
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getParticipantEhr, type ParticipantEhr } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import {
  conceptText,
  conditionWhen,
  medicationText,
  observationValue,
  observationWhen,
  patientName,
} from './fhir-display';

type Resource = Record<string, unknown>;

const resourcesOf = (data: ParticipantEhr, type: string): Resource[] =>
  data.groups.find((g) => g.resourceType === type)?.items.map((i) => i.resource) ?? [];

function RecordTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | null)[][] }) {
  const { t } = useTranslation('ehr');
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {caption}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('records.nothing')}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their order here
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <Table.Td key={j}>{c ?? '—'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function EhrRecords({ studyId, participantId }: { studyId: string; participantId: string }) {
  const { t, i18n } = useTranslation('ehr');
  const ehr = useEndpointQuery(getParticipantEhr, { params: { studyId, participantId } });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : null);
  const day = (iso: string | null) => (iso && iso.length > 10 ? new Date(iso).toLocaleDateString(i18n.language) : iso);
  const STATUS = {
    CONNECTED: t('records.status_CONNECTED'),
    REVOKED: t('records.status_REVOKED'),
    ERROR: t('records.status_ERROR'),
  };

  let body: React.ReactNode;
  if (ehr.isError)
    body = (
      <Alert color="red" variant="light">
        {t('records.loadFailed')}
      </Alert>
    );
  else if (!ehr.data) body = null;
  else if (!ehr.data.connection && ehr.data.groups.length === 0) body = <Text c="dimmed">{t('records.none')}</Text>;
  else {
    const data = ehr.data;
    const c = data.connection;
    const patient = resourcesOf(data, 'Patient')[0];
    body = (
      <Stack gap="md">
        {c && (
          <Group gap="sm">
            <Badge color={c.status === 'CONNECTED' ? 'teal' : c.status === 'ERROR' ? 'red' : 'gray'} variant="light">
              {t('records.status', { status: STATUS[c.status] })}
            </Badge>
            {c.lastSyncAt && <Text size="sm">{t('records.lastSync', { when: when(c.lastSyncAt) })}</Text>}
            {c.lastError && (
              <Text size="sm" c="red">
                {t('records.lastError', { error: c.lastError })}
              </Text>
            )}
          </Group>
        )}
        {patient && (
          <Paper withBorder p="sm" radius="md" aria-label={t('records.patient')}>
            <Title order={3} fz="md">
              {t('records.patient')}
            </Title>
            <Group gap="xl" mt={4}>
              <Text size="sm">
                {t('records.name')}: {patientName(patient) ?? '—'}
              </Text>
              <Text size="sm">
                {t('records.gender')}: {typeof patient.gender === 'string' ? patient.gender : '—'}
              </Text>
              <Text size="sm">
                {t('records.birthDate')}: {typeof patient.birthDate === 'string' ? patient.birthDate : '—'}
              </Text>
            </Group>
          </Paper>
        )}
        <RecordTable
          caption={t('records.observations')}
          head={[t('records.what'), t('records.value'), t('records.when')]}
          rows={resourcesOf(data, 'Observation').map((o) => [
            conceptText(o.code),
            observationValue(o),
            day(observationWhen(o)),
          ])}
        />
        <RecordTable
          caption={t('records.conditions')}
          head={[t('records.what'), t('records.clinicalStatus'), t('records.when')]}
          rows={resourcesOf(data, 'Condition').map((x) => [
            conceptText(x.code),
            conceptText(x.clinicalStatus),
            day(conditionWhen(x)),
          ])}
        />
        <RecordTable
          caption={t('records.medications')}
          head={[t('records.what'), t('records.clinicalStatus'), t('records.when')]}
          rows={resourcesOf(data, 'MedicationRequest').map((m) => [
            medicationText(m),
            typeof m.status === 'string' ? m.status : null,
            day(typeof m.authoredOn === 'string' ? m.authoredOn : null),
          ])}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('records.title')}
      </Title>
      {body}
    </Stack>
  );
}
