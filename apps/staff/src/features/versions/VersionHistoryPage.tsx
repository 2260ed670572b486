import { Alert, Button, Paper, Table, Text, Title } from '@mantine/core';
import { studyVersionAuditLog } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPage, useVersions, VersionStatusBadge, VersionsFrame } from './VersionsFrame';

function AuditLog({ studyId, versionId }: { studyId: string; versionId: string }) {
  const { t, i18n } = useTranslation('versions');
  const log = useEndpointQuery(studyVersionAuditLog, {
    params: { studyId, versionId },
    query: { page: 1, pageSize: 50 },
  });
  if (log.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(log.error, t('common.loadError'))}
      </Alert>
    );
  return (
    <Table verticalSpacing="xs" aria-label={t('history.auditTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.when')}</Table.Th>
          <Table.Th>{t('history.action')}</Table.Th>
          <Table.Th>{t('history.who')}</Table.Th>
          <Table.Th>{t('history.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(log.data?.items ?? []).map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{new Date(e.at).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>{t(`history.action_${e.action.replace(/[.-]/g, '_')}`, { defaultValue: e.action })}</Table.Td>
            <Table.Td>{e.actor?.name ?? t('history.system')}</Table.Td>
            <Table.Td>{e.reason ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** #/studies/:studyId/version-management/history (C-075): every version, who made and published it, and its audit log. */
export function VersionHistoryPage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  const [open, setOpen] = useState<string | null>(null);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <VersionsFrame title={t('history.title')} intro={t('history.intro')}>
      {versions.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(versions.error, t('common.loadError'))}
        </Alert>
      )}
      {(versions.data?.items ?? []).map((v) => (
        <Paper key={v.id} withBorder radius="md" p="md">
          <Title order={2} fz="lg">
            {v.name}
          </Title>
          <VersionStatusBadge version={v} />
          <Text size="sm" mt="xs">
            {t('history.createdBy', { who: v.createdBy?.name ?? t('history.system'), when: date(v.createdAt) })}
          </Text>
          {v.publishedAt && (
            <Text size="sm">
              {t('history.publishedBy', { who: v.publishedBy?.name ?? t('history.system'), when: date(v.publishedAt) })}
            </Text>
          )}
          {v.notes && (
            <Text size="sm" c="dimmed" mt={4}>
              {v.notes}
            </Text>
          )}
          <Button
            size="xs"
            variant="subtle"
            mt="xs"
            onClick={() => setOpen(open === v.id ? null : v.id)}
            aria-expanded={open === v.id}
          >
            {open === v.id ? t('history.hideLog') : t('history.showLog')}
          </Button>
          {open === v.id && <AuditLog studyId={studyId} versionId={v.id} />}
        </Paper>
      ))}
    </VersionsFrame>
  );
}
