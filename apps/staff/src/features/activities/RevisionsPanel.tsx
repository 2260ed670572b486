/**
 * An activity's revisions and their status (C-136, C-137): activate a DRAFT, retire an ACTIVE one,
 * reactivate a RETIRED one, each with a reason; a new revision when none is being edited; archive and
 * restore the activity, with a reason.
 */
import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import {
  type ActivityDetail,
  type ActivityRevisionSummary,
  archiveActivity,
  createActivityRevision,
  getActivity,
  listActivities,
  listActivityGroups,
  setActivityRevisionStatus,
} from '@trialpath/contract';
import type { RevisionStatus } from '@trialpath/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { RevisionBadge, useDate, useReasonLabels } from './ui';

const MOVES: Partial<Record<RevisionStatus, { to: RevisionStatus; key: 'activate' | 'retire' | 'reactivate' }>> = {
  DRAFT: { to: 'ACTIVE', key: 'activate' },
  ACTIVE: { to: 'RETIRED', key: 'retire' },
  RETIRED: { to: 'ACTIVE', key: 'reactivate' },
};

export function Revisions({ activity, base }: { activity: ActivityDetail; base: string }) {
  const { t } = useTranslation('activities');
  const date = useDate();
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const [moving, setMoving] = useState<ActivityRevisionSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => invalidateEndpoints(queryClient, getActivity, listActivities);
  const hasDraft = activity.revisions.some((r) => r.status === 'DRAFT');
  const move = moving ? MOVES[moving.status] : undefined;
  const newRevision = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call(createActivityRevision, { params: { activityId: activity.id } });
      await refresh();
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('details.revisions')}
        </Title>
        {!hasDraft && !activity.archived && (
          <Button size="sm" onClick={() => void newRevision()} loading={busy}>
            {t('details.newRevision')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Table verticalSpacing="sm" aria-label={t('details.revisions')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('details.revision')}</Table.Th>
            <Table.Th>{t('details.questionCount')}</Table.Th>
            <Table.Th>{t('details.updated')}</Table.Th>
            <Table.Th>{t('list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activity.revisions.map((r) => {
            const next = MOVES[r.status];
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <RevisionBadge revision={r} />
                </Table.Td>
                <Table.Td>{r.questionCount}</Table.Td>
                <Table.Td>{t('details.by', { when: date(r.updatedAt), who: r.updatedBy.name })}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {r.status === 'DRAFT' && (
                      <Button size="xs" variant="light" component={Link} to={`${base}/questions`}>
                        {t('details.edit')}
                      </Button>
                    )}
                    {next && !activity.archived && (
                      <Button
                        size="xs"
                        variant={next.key === 'retire' ? 'outline' : 'filled'}
                        color={next.key === 'retire' ? 'red.9' : undefined}
                        onClick={() => setMoving(r)}
                      >
                        {t(`details.${next.key}`)}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <ReasonDialog
        opened={moving !== null}
        title={move ? t(`details.${move.key}Title`, { number: moving?.number ?? 0 }) : ''}
        labels={{ ...reasonLabels, confirm: move ? t(`details.${move.key}`) : '' }}
        onClose={() => setMoving(null)}
        onConfirm={async (reason) => {
          if (!moving || !move) return;
          await api.call(setActivityRevisionStatus, {
            params: { activityId: activity.id, revisionId: moving.id },
            body: { status: move.to, reason },
          });
          await refresh();
        }}
      >
        {move ? t(`details.${move.key}Text`) : ''}
      </ReasonDialog>
    </Paper>
  );
}

export function ArchivePanel({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const [open, setOpen] = useState(false);
  const key = activity.archived ? 'restore' : 'archive';
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t(`details.${key}Intro`)}</Text>
        <Button variant="outline" color={activity.archived ? undefined : 'red.9'} onClick={() => setOpen(true)}>
          {t(`details.${key}`)}
        </Button>
      </Group>
      <ReasonDialog
        opened={open}
        title={t(`details.${key}Title`, { identifier: activity.identifier })}
        labels={{ ...reasonLabels, confirm: t(`details.${key}`) }}
        color={activity.archived ? undefined : 'red'}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          await api.call(archiveActivity, {
            params: { activityId: activity.id },
            body: { archived: !activity.archived, reason },
          });
          await invalidateEndpoints(queryClient, getActivity, listActivities, listActivityGroups);
        }}
      >
        {t(`details.${key}Text`)}
      </ReasonDialog>
    </Paper>
  );
}
