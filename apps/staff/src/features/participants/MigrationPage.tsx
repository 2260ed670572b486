/**
 * #/studies/:studyId/participants/migration (E-023, E-071, E-072): which participants still in the study are not on a
 * published version, and moving the chosen ones onto it — all or none, with a reason for the audit trail — then how
 * far the schedule engine has moved each one's tasks (polled until every move has ended).
 */
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  getParticipantListOptions,
  getParticipantMigrationStatus,
  listParticipants,
  moveParticipantsToVersion,
  type ParticipantListEntry,
} from '@trialpath/contract';
import { STATUS_REASON_MAX, STATUS_REASON_MIN } from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { useRefresh } from './ParticipantLabels';
import { ParticipantStatusBadge } from './ParticipantsPage';

/** 002 §9: the task-schedule creation is polled after 1 second, again while it is in progress (E-140…E-142). */
const POLL_MS = 1_000;

/** How far the moves of the participants just moved are (E-072), asked again until every job has ended. */
function MoveProgress({ studyId, ids }: { studyId: string; ids: string[] }) {
  const { t } = useTranslation('participants');
  const status = useEndpointQuery(
    getParticipantMigrationStatus,
    { params: { studyId }, body: { participantIds: ids } },
    {
      refetchInterval: (q) =>
        q.state.data?.items.some((i) => i.job?.status === 'INPROGRESS') === false ? false : POLL_MS,
    },
  );
  const items = status.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" aria-label={t('migration.progress')} component="section">
      <Title order={2} fz="lg" mb="xs">
        {t('migration.progress')}
      </Title>
      <Stack gap={4} role="list">
        {items.map((i) => (
          <Group key={i.id} gap="xs" role="listitem">
            <Text size="sm" fw={600}>
              {i.participantId}
            </Text>
            <Badge variant="light" radius="sm" tt="none" c="dark.7" color={i.job?.status === 'FAILED' ? 'red' : 'teal'}>
              {t(`migration.job.${i.job?.status ?? 'NONE'}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export function MigrationPage() {
  const { t, i18n } = useTranslation('participants');
  const { studyId = '' } = useParams();
  const path = useStudyPath(studyId);
  const refresh = useRefresh();
  const [versionId, setVersionId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<string[]>([]);
  const options = useEndpointQuery(getParticipantListOptions, { params: { studyId } });
  const published = (options.data?.versions ?? []).filter((v) => v.status === 'PUBLISHED');
  const list = useEndpointQuery(
    listParticipants,
    {
      params: { studyId },
      query: { isForMigrationList: 'true', excludeVersionId: versionId ?? undefined, pageSize: 100 },
    },
    { enabled: versionId !== null },
  );
  const rows = list.data?.items ?? [];
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns: DataTableColumn<ParticipantListEntry>[] = [
    {
      id: 'select',
      header: t('invite.selectPage'),
      cell: (p) => (
        <Checkbox
          aria-label={t('invite.select', { participant: p.participantId })}
          checked={selected.has(p.id)}
          onChange={(e) => toggle(p.id, e.currentTarget.checked)}
        />
      ),
    },
    {
      id: 'participantId',
      header: t('column.participantId'),
      cell: (p) => (
        <Link to={path(`participants/${p.id}`)} style={{ fontWeight: 600 }}>
          {p.participantId}
        </Link>
      ),
    },
    { id: 'site', header: t('column.site'), cell: (p) => p.siteName },
    { id: 'status', header: t('column.status'), cell: (p) => <ParticipantStatusBadge status={p.status} /> },
    { id: 'version', header: t('migration.currentVersion'), cell: (p) => p.versionName ?? t('migration.noVersion') },
  ];
  const move = async () => {
    if (reason.trim().length < STATUS_REASON_MIN) return setError(t('migration.reasonTooShort'));
    setBusy(true);
    setError(null);
    try {
      const r = await api.call(moveParticipantsToVersion, {
        params: { studyId },
        body: { participantIds: [...selected], versionId: versionId!, reason: reason.trim() },
      });
      notify(t('migration.done', { count: r.moved.length }), { kind: 'success' });
      setMoved(r.moved.map((m) => m.id));
      setSelected(new Set());
      setReason('');
      await refresh();
      await list.refetch();
    } catch (err) {
      setError(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={28}>
          {t('migration.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('migration.subtitle')}
        </Text>
      </div>
      <Select
        label={t('migration.target')}
        placeholder={t('migration.chooseTarget')}
        data={published.map((v) => ({ value: v.id, label: v.name }))}
        value={versionId}
        onChange={(v) => {
          setVersionId(v);
          setSelected(new Set());
          setMoved([]);
        }}
        maw={420}
      />
      {versionId && (
        <>
          <Group justify="space-between" align="flex-end">
            <Button
              variant="subtle"
              onClick={() => setSelected(new Set(rows.map((r) => r.id)))}
              disabled={rows.length === 0}
            >
              {t('migration.selectAll', { count: rows.length })}
            </Button>
          </Group>
          <DataTable
            label={t('migration.tableLabel')}
            columns={columns}
            rows={rows}
            rowKey={(p) => p.id}
            loading={list.isPending}
            error={list.isError ? { title: t('list.loadFailed'), retry: () => void list.refetch() } : null}
            labels={{ count: (total) => t('list.count', { count: total }) }}
            empty={<TableEmpty title={t('migration.nobody')} hint={t('migration.nobodyHint')} />}
            minWidth={640}
          />
          {list.data && list.data.total > rows.length && (
            <Alert color="gray" variant="light">
              {t('migration.more', { shown: rows.length, count: list.data.total })}
            </Alert>
          )}
          <Textarea
            label={t('migration.reason')}
            description={t('statusChange.reasonHint')}
            value={reason}
            maxLength={STATUS_REASON_MAX}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            rows={2}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void move()} loading={busy} disabled={selected.size === 0}>
              {t('migration.move', { count: selected.size })}
            </Button>
          </Group>
        </>
      )}
      {moved.length > 0 && <MoveProgress studyId={studyId} ids={moved} />}
    </Stack>
  );
}
