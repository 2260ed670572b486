/**
 * #/studies/:studyId/reports (issue 13; G-017): the study's saved reports, newest change first, each opened (run on
 * the current data) or deleted after a confirmation naming it. The server decides who may see them (reports.view,
 * the page's data space).
 */
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { deleteReport, listReports, type Report } from '@trialpath/contract';
import { DataTable, type DataTableColumn, notify, TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { useFailureText } from './labels';

/** Newest change first, whatever order the answer came in. */
const newestFirst = (items: readonly Report[]) =>
  [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));

export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const { studyId = '' } = useParams();
  const path = useStudyPath(studyId);
  const failure = useFailureText();
  const list = useEndpointQuery(listReports, { params: { studyId } });
  const [deleting, setDeleting] = useState<Report | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const columns: DataTableColumn<Report>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (r) => (
        <Anchor component={Link} to={path(`reports/${r.id}`)} fw={600} size="sm">
          {r.name}
        </Anchor>
      ),
    },
    { id: 'madeBy', header: t('list.madeBy'), cell: (r) => r.createdBy },
    { id: 'changed', header: t('list.changed'), cell: (r) => when(r.updatedAt) },
    {
      id: 'actions',
      header: t('list.actions'),
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            component={Link}
            to={path(`reports/${r.id}`)}
            aria-label={t('list.openOf', { name: r.name })}
          >
            {t('list.open')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => setDeleting(r)}
            aria-label={t('list.deleteOf', { name: r.name })}
          >
            {t('list.delete')}
          </Button>
        </Group>
      ),
    },
  ];
  const rows = list.data ? newestFirst(list.data.items) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            {t('list.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        <Button component={Link} to={path('reports/new')}>
          {t('list.add')}
        </Button>
      </Group>
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isPending}
        error={list.isError ? { title: failure(list.error, t('list.failed')), retry: () => void list.refetch() } : null}
        empty={<TableEmpty title={t('list.empty')} hint={t('list.emptyHint')} />}
        minWidth={640}
      />
      {rows && rows.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('list.count', { count: rows.length })}
        </Text>
      )}
      {deleting && <DeleteDialog studyId={studyId} report={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

function DeleteDialog({ studyId, report, onClose }: { studyId: string; report: Report; onClose: () => void }) {
  const { t, i18n } = useTranslation('reports');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lang = useLanguage();
  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(deleteReport, { params: { studyId, reportId: report.id } });
      notify(t('remove.done', { name: report.name }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listReports);
      onClose();
    } catch (e) {
      setRefusal(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('remove.title')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="md">
        <Text size="sm">{t('remove.question', { name: report.name })}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('remove.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
