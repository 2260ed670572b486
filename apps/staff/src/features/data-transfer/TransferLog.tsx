/**
 * One destination's transfer log (H-014, H-020): newest first, paged, with status, bytes sent and the server's
 * reason; a failed transfer can be retried (not in the test twin, nor once the destination is disconnected). While
 * a transfer is queued or being sent the log asks again every two seconds.
 */
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import {
  listSftpDestinations,
  listSftpTransfers,
  retrySftpTransfer,
  type SftpDestination,
  type SftpTransfer,
} from '@trialpath/contract';
import { DataTable, type DataTableColumn, notify, TableEmpty } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { IN_FLIGHT, REFRESH_MS, useTransferLabels } from './labels';

const STATUS_COLOR: Record<SftpTransfer['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  SUCCEEDED: 'green',
  FAILED: 'red',
};

type Props = { studyId: string; destination: SftpDestination; canAct: boolean; onClose: () => void };

export function TransferLog({ studyId, destination, canAct, onClose }: Props) {
  const { t, i18n } = useTranslation('data-transfer');
  const labels = useTransferLabels();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [busy, setBusy] = useState<string | null>(null);
  const log = useEndpointQuery(
    listSftpTransfers,
    { params: { studyId, sftpId: destination.id }, query: { pageNum: page, pageSize } },
    { refetchInterval: (q) => (q.state.data?.items.some((x) => IN_FLIGHT.includes(x.status)) ? REFRESH_MS : false) },
  );
  const retry = async (transfer: SftpTransfer) => {
    setBusy(transfer.id);
    try {
      await api.call(retrySftpTransfer, { params: { studyId, sftpId: destination.id, transferId: transfer.id } });
      notify(t('transfer.retried'), { kind: 'success' });
      await invalidateEndpoints(queryClient, listSftpTransfers, listSftpDestinations);
    } catch (e) {
      notify(errorMessage(e, t('error.generic')), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const columns: DataTableColumn<SftpTransfer>[] = [
    { id: 'when', header: t('log.when'), cell: (x) => new Date(x.createdAt).toLocaleString(i18n.language) },
    { id: 'file', header: t('log.file'), cell: (x) => x.fileName },
    { id: 'trigger', header: t('log.trigger'), cell: (x) => labels.trigger[x.trigger] },
    {
      id: 'status',
      header: t('log.status'),
      cell: (x) => (
        <Badge color={STATUS_COLOR[x.status]} variant="light">
          {labels.status[x.status]}
        </Badge>
      ),
    },
    {
      id: 'progress',
      header: t('log.progress'),
      cell: (x) =>
        t('log.bytes', {
          sent: x.bytesSent.toLocaleString(i18n.language),
          total: x.byteSize.toLocaleString(i18n.language),
        }),
    },
    { id: 'error', header: t('log.error'), cell: (x) => x.error ?? '' },
    {
      id: 'actions',
      header: t('log.actions'),
      cell: (x) =>
        canAct && x.status === 'FAILED' ? (
          <Button
            size="compact-sm"
            variant="subtle"
            loading={busy === x.id}
            onClick={() => void retry(x)}
            aria-label={t('log.retryOf', { file: x.fileName })}
          >
            {t('log.retry')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="transfer-log-title">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="transfer-log-title">
          {t('log.title', { name: destination.name })}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          {t('log.close')}
        </Button>
      </Group>
      <DataTable
        label={t('log.tableLabel')}
        columns={columns}
        rows={log.data?.items}
        rowKey={(x) => x.id}
        loading={log.isPending}
        error={
          log.isError ? { title: errorMessage(log.error, t('log.failed')), retry: () => void log.refetch() } : null
        }
        empty={<TableEmpty title={t('log.empty')} hint={t('log.emptyHint')} />}
        paging={
          log.data
            ? {
                page,
                pageSize,
                total: log.data.total,
                pageSizes: [20, 50, 100],
                onPage: setPage,
                onPageSize: (n) => {
                  setPageSize(n);
                  setPage(1);
                },
              }
            : undefined
        }
        minWidth={760}
      />
    </Stack>
  );
}
