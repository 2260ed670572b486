/**
 * #/studies/:studyId/data-transfer (issue 14; H-014…H-023; decision H-sftp): the study's SFTP destinations of the
 * page's data space — name, server, folder, schedule, status, last transfer — with add, modify, test, transfer now
 * and disconnect (after a confirmation), and the transfer log of the one opened. The test twin shows everything and
 * offers no action. While a transfer is queued or being sent, the list asks again every two seconds.
 */
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import {
  disconnectSftpDestination,
  listSftpDestinations,
  listSftpTransfers,
  type SftpDestination,
  type SftpTestResult,
  startSftpTransfer,
  testSftpDestination,
} from '@trialpath/contract';
import { isTestTwinPath } from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { DestinationForm } from './DestinationForm';
import { IN_FLIGHT, REFRESH_MS, useTransferLabels } from './labels';
import { TestResult } from './TestResult';
import { TransferLog } from './TransferLog';

export function DataTransferPage() {
  const { t, i18n } = useTranslation('data-transfer');
  const { studyId = '' } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const labels = useTransferLabels();
  const queryClient = useQueryClient();
  const list = useEndpointQuery(
    listSftpDestinations,
    { params: { studyId } },
    {
      refetchInterval: (q) =>
        q.state.data?.items.some((d) => d.lastTransfer && IN_FLIGHT.includes(d.lastTransfer.status))
          ? REFRESH_MS
          : false,
    },
  );
  const [editing, setEditing] = useState<SftpDestination | 'new' | null>(null);
  const [disconnecting, setDisconnecting] = useState<SftpDestination | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [tested, setTested] = useState<{ id: string; result: SftpTestResult } | null>(null);

  const act = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch (e) {
      notify(errorMessage(e, t('error.generic')), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const test = (d: SftpDestination) =>
    act(`test:${d.id}`, async () => {
      setTested(null);
      const result = await api.call(testSftpDestination, { params: { studyId, sftpId: d.id } });
      setTested({ id: d.id, result });
      await invalidateEndpoints(queryClient, listSftpDestinations);
    });
  const transferNow = (d: SftpDestination) =>
    act(`send:${d.id}`, async () => {
      await api.call(startSftpTransfer, { params: { studyId, sftpId: d.id }, body: { exportId: null } });
      notify(t('transfer.queued', { name: d.name }), { kind: 'success' });
      setOpenLog(d.id);
      await invalidateEndpoints(queryClient, listSftpDestinations, listSftpTransfers);
    });

  const columns: DataTableColumn<SftpDestination>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (d) => (
        <Text fw={600} size="sm">
          {d.name}
        </Text>
      ),
    },
    { id: 'host', header: t('list.host'), cell: (d) => `${d.username}@${d.host}:${d.port}` },
    { id: 'folder', header: t('list.folder'), cell: (d) => d.remoteFolder },
    { id: 'schedule', header: t('list.schedule'), cell: (d) => labels.schedule(d) },
    {
      id: 'status',
      header: t('list.status'),
      cell: (d) => (
        <Badge color={d.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
          {labels.status[d.status]}
        </Badge>
      ),
    },
    {
      id: 'last',
      header: t('list.lastTransfer'),
      cell: (d) =>
        d.lastTransfer
          ? `${labels.status[d.lastTransfer.status]} · ${new Date(d.lastTransfer.finishedAt ?? d.lastTransfer.createdAt).toLocaleString(i18n.language)}`
          : t('list.never'),
    },
    {
      id: 'actions',
      header: t('list.actions'),
      cell: (d) => (
        <Group gap={4} wrap="nowrap">
          <Anchor
            component="button"
            size="sm"
            onClick={() => setOpenLog(d.id)}
            aria-label={t('list.showLogOf', { name: d.name })}
          >
            {t('list.showLog')}
          </Anchor>
          {!twin && d.status === 'ACTIVE' && (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setEditing(d)}
                aria-label={t('list.editOf', { name: d.name })}
              >
                {t('list.edit')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                loading={busy === `test:${d.id}`}
                onClick={() => void test(d)}
                aria-label={t('list.testOf', { name: d.name })}
              >
                {t('list.test')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                loading={busy === `send:${d.id}`}
                onClick={() => void transferNow(d)}
                aria-label={t('list.transferNowOf', { name: d.name })}
              >
                {t('list.transferNow')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setDisconnecting(d)}
                aria-label={t('list.disconnectOf', { name: d.name })}
              >
                {t('list.disconnect')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];
  const items = list.data?.items;
  const logOf = items?.find((d) => d.id === openLog) ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            {t('page.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('page.subtitle')}
          </Text>
        </div>
        {!twin && <Button onClick={() => setEditing('new')}>{t('page.add')}</Button>}
      </Group>
      {twin && (
        <Alert color="yellow" variant="light">
          {t('page.testTwin')}
        </Alert>
      )}
      {tested && <TestResult result={tested.result} />}
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={items}
        rowKey={(d) => d.id}
        loading={list.isPending}
        error={
          list.isError ? { title: errorMessage(list.error, t('page.failed')), retry: () => void list.refetch() } : null
        }
        empty={<TableEmpty title={t('list.empty')} hint={t('list.emptyHint')} />}
        minWidth={900}
      />
      {logOf && (
        <TransferLog
          key={logOf.id}
          studyId={studyId}
          destination={logOf}
          canAct={!twin && logOf.status === 'ACTIVE'}
          onClose={() => setOpenLog(null)}
        />
      )}
      {editing && (
        <DestinationForm
          studyId={studyId}
          destination={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {disconnecting && (
        <DisconnectDialog studyId={studyId} destination={disconnecting} onClose={() => setDisconnecting(null)} />
      )}
    </Stack>
  );
}

function DisconnectDialog(props: { studyId: string; destination: SftpDestination; onClose: () => void }) {
  const { t } = useTranslation('data-transfer');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { destination } = props;
  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(disconnectSftpDestination, { params: { studyId: props.studyId, sftpId: destination.id } });
      notify(t('disconnect.done', { name: destination.name }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listSftpDestinations, listSftpTransfers);
      props.onClose();
    } catch (e) {
      setRefusal(errorMessage(e, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('disconnect.title')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="md">
        <Text size="sm">{t('disconnect.question', { name: destination.name })}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('disconnect.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('disconnect.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
