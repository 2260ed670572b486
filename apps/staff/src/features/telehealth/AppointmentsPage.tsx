/**
 * #/studies/:studyId/telehealth/appointments (F-003, F-006; decision F-appointments): the appointments of the
 * sites the person may see, in the page's data space, by start time, a page at a time from the server, filtered
 * by site, host, state and dates. Each shows its time in the staff member's zone and the participant's, and while
 * it has not ended offers Change (with a reason), Cancel (with a reason) and Record outcome. "Book appointment"
 * books a new one.
 */
import { Alert, Badge, Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  APPOINTMENT_OUTCOMES,
  type Appointment,
  cancelAppointment,
  listAppointments,
  listParticipantTelehealthTasks,
  listTelehealthAvailability,
  listTelehealthSlots,
  recordAppointmentOutcome,
} from '@trialpath/contract';
import {
  APPOINTMENT_STATES,
  type AppointmentState,
  isFinalAppointmentState,
  isTestTwinPath,
  MOBILE_BREAKPOINT_PX,
} from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty, useServerPaging } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { useStudyPath } from '../schedules/data';
import { AppointmentDialog } from './AppointmentDialog';
import { useActiveCall } from './call-store';
import { playbackStore } from './playback-store';
import { RunningCalls } from './RunningCalls';
import { StartCallDialog } from './StartCallDialog';
import { browserTimeZone, dayAndTime, minutesBetween, otherDay, timeOnly } from './time';

type Outcome = (typeof APPOINTMENT_OUTCOMES)[number];

const STATE_COLORS: Record<AppointmentState, string> = {
  BOOKED: 'blue',
  INITIATED: 'teal',
  RINGING: 'teal',
  ARRIVED: 'teal',
  ON_CALL: 'teal',
  ON_HOLD: 'yellow',
  LWBS: 'orange',
  INCOMPLETE: 'yellow',
  COMPLETE: 'green',
  CANCELLED: 'gray',
  NO_SHOW: 'red',
};

interface Filters {
  siteId: string | null;
  hostId: string | null;
  state: AppointmentState | null;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { siteId: null, hostId: null, state: null, from: '', to: '' };

type Action = { kind: 'change' | 'cancel' | 'outcome' | 'call'; appointment: Appointment } | { kind: 'book' } | null;

export function AppointmentsPage() {
  const { t, i18n } = useTranslation('telehealth');
  const { studyId = '' } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const path = useStudyPath(studyId);
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const queryClient = useQueryClient();
  const mine = browserTimeZone();
  const { page, pageSize, setPage, pagingOf } = useServerPaging(25);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [action, setAction] = useState<Action>(null);
  const [outcome, setOutcome] = useState<Outcome>('COMPLETE');
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const inCall = useActiveCall() !== null;
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const valid = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : undefined);
  const list = useEndpointQuery(
    listAppointments,
    {
      params: { studyId },
      query: {
        pageNum: page,
        pageSize,
        siteId: filters.siteId ?? undefined,
        hostId: filters.hostId ?? undefined,
        state: filters.state ?? undefined,
        from: valid(filters.from),
        to: valid(filters.to),
      },
    },
    { placeholderData: keepPreviousData },
  );
  // the sites and their telehealth team, for the filters
  const team = useEndpointQuery(listTelehealthAvailability, { params: { studyId } });
  const sites = [...new Map((team.data?.items ?? []).map((a) => [a.siteId, a.siteName])).entries()];
  const hosts = [
    ...new Map(
      (team.data?.items ?? [])
        .filter((a) => !filters.siteId || a.siteId === filters.siteId)
        .map((a) => [a.member.id, a.member.name]),
    ).entries(),
  ];

  const whenMine = (a: Appointment) => dayAndTime(a.startsAt, i18n.language, mine);
  const whenText = (a: Appointment) => {
    const yours = `${whenMine(a)} (${t('common.yours')})`;
    if (a.participantTimeZone === mine) return yours;
    const theirs = otherDay(a.startsAt, mine, a.participantTimeZone)
      ? dayAndTime(a.startsAt, i18n.language, a.participantTimeZone)
      : timeOnly(a.startsAt, i18n.language, a.participantTimeZone);
    return `${yours} · ${theirs} ${t('common.participantZone', { zone: a.participantTimeZone })}`;
  };
  const forText = (a: Appointment) =>
    a.kind === 'SCHEDULED' && a.taskName
      ? `${a.taskName} (${t('common.taskDays', { from: a.taskStartDay, to: a.taskEndDay })})`
      : t('common.unscheduled');

  const recordings = (a: Appointment) =>
    a.recordingCount > 0 && (
      <Button
        size="compact-xs"
        variant="light"
        aria-label={t('playback.openOf', { code: a.participantCode })}
        onClick={() =>
          playbackStore.set({ studyId, appointmentId: a.id, participantCode: a.participantCode, recordingId: null })
        }
      >
        {t('playback.open', { count: a.recordingCount })}
      </Button>
    );

  const actions = (a: Appointment) =>
    isFinalAppointmentState(a.state) ? (
      recordings(a) || null
    ) : (
      <Group gap={4} wrap="wrap">
        {recordings(a)}
        {a.visitMode === 'video' && !inCall && (
          <Button
            size="compact-xs"
            color="teal"
            aria-label={t('call.startOf', { code: a.participantCode })}
            onClick={() => setAction({ kind: 'call', appointment: a })}
          >
            {t('call.start')}
          </Button>
        )}
        <Button
          size="compact-xs"
          variant="default"
          aria-label={t('appointments.changeOf', { code: a.participantCode, when: whenMine(a) })}
          onClick={() => setAction({ kind: 'change', appointment: a })}
        >
          {t('appointments.change')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          color="red"
          aria-label={t('appointments.cancelOf', { code: a.participantCode, when: whenMine(a) })}
          onClick={() => setAction({ kind: 'cancel', appointment: a })}
        >
          {t('appointments.cancelVisit')}
        </Button>
        {/* how a visit ended is told once its time has come (the server refuses it before) */}
        {new Date(a.startsAt).getTime() <= Date.now() && (
          <Button
            size="compact-xs"
            variant="default"
            aria-label={t('appointments.outcomeOf', { code: a.participantCode, when: whenMine(a) })}
            onClick={() => {
              setOutcome('COMPLETE');
              setAction({ kind: 'outcome', appointment: a });
            }}
          >
            {t('appointments.outcome')}
          </Button>
        )}
      </Group>
    );
  const stateBadge = (a: Appointment) => (
    <Badge color={STATE_COLORS[a.state]} variant="light" tt="none">
      {t(`state.${a.state}`)}
    </Badge>
  );
  const extra = (a: Appointment) =>
    [
      a.endedReason ? t('appointments.endedReason', { reason: a.endedReason }) : null,
      a.note ? t('appointments.note', { note: a.note }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const columns: DataTableColumn<Appointment>[] = [
    {
      id: 'when',
      header: t('appointments.when'),
      cell: (a) => (
        <>
          <Text size="sm">{whenText(a)}</Text>
          {extra(a) && (
            <Text size="xs" c="dimmed">
              {extra(a)}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'participant',
      header: t('appointments.participant'),
      cell: (a) => (
        <>
          <Text size="sm">{a.participantCode}</Text>
          <Text size="xs" c="dimmed">
            {a.siteName}
          </Text>
        </>
      ),
    },
    { id: 'host', header: t('appointments.host'), cell: (a) => a.host.name },
    {
      id: 'visitType',
      header: t('appointments.visitType'),
      cell: (a) =>
        `${t(`visitType.${a.visitType}`)} · ${t('common.minutes', { count: minutesBetween(a.startsAt, a.endsAt) })}`,
    },
    { id: 'for', header: t('appointments.for'), cell: forText },
    { id: 'state', header: t('appointments.state'), cell: stateBadge },
    { id: 'actions', header: t('appointments.actions'), cell: (a) => actions(a) },
  ];

  const card = (a: Appointment) => (
    <Paper
      key={a.id}
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`${a.participantCode}, ${whenMine(a)}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {a.participantCode}
          </Text>
          {stateBadge(a)}
        </Group>
        <Text size="sm">{whenText(a)}</Text>
        <Text size="xs" c="dimmed">
          {a.host.name} · {t(`visitType.${a.visitType}`)} · {forText(a)}
        </Text>
        {extra(a) && (
          <Text size="xs" c="dimmed">
            {extra(a)}
          </Text>
        )}
        {actions(a)}
      </Stack>
    </Paper>
  );

  const done = () =>
    invalidateEndpoints(queryClient, listAppointments, listTelehealthSlots, listParticipantTelehealthTasks);
  const target = action && action.kind !== 'book' ? action.appointment : null;

  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={28}>
            {t('appointments.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={820}>
            {t('appointments.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={path('telehealth/availability')} variant="default">
            {t('availability.title')}
          </Button>
          <Button onClick={() => setAction({ kind: 'book' })}>{t('appointments.book')}</Button>
        </Group>
      </Group>

      {!twin && !inCall && <RunningCalls studyId={studyId} />}

      <Paper withBorder radius="md" p="sm" component="section" aria-label={t('appointments.filters')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('appointments.site')}
            placeholder={t('appointments.all')}
            data={sites.map(([value, label]) => ({ value, label }))}
            value={filters.siteId}
            onChange={(siteId) => setFilter({ siteId, hostId: null })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('appointments.host')}
            placeholder={t('appointments.all')}
            data={hosts.map(([value, label]) => ({ value, label }))}
            value={filters.hostId}
            onChange={(hostId) => setFilter({ hostId })}
            clearable
            searchable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('appointments.state')}
            placeholder={t('appointments.all')}
            data={APPOINTMENT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            value={filters.state}
            onChange={(s) => setFilter({ state: (s as AppointmentState | null) ?? null })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            type="date"
            label={t('appointments.from')}
            value={filters.from}
            onChange={(e) => setFilter({ from: e.currentTarget.value })}
            w={{ base: '47%', xs: 160 }}
          />
          <TextInput
            type="date"
            label={t('appointments.to')}
            value={filters.to}
            onChange={(e) => setFilter({ to: e.currentTarget.value })}
            w={{ base: '47%', xs: 160 }}
          />
          {filtered && (
            <Button variant="subtle" onClick={() => setFilter(NO_FILTERS)}>
              {t('appointments.clear')}
            </Button>
          )}
        </Group>
      </Paper>

      {twin && (
        <Alert color="yellow" variant="light">
          {t('appointments.twin')}
        </Alert>
      )}

      <DataTable
        label={t('appointments.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(a) => a.id}
        loading={list.isPending || list.isFetching}
        paging={list.data ? pagingOf(list.data.total) : undefined}
        labels={{ count: (count) => t('appointments.count', { count }) }}
        error={
          list.isError
            ? {
                title: refusalText(list.error, i18n.language, t('common.loadFailed')),
                retry: () => void list.refetch(),
                retryLabel: t('common.retry'),
              }
            : null
        }
        empty={
          filtered ? (
            <TableEmpty title={t('appointments.emptyFiltered')} hint={t('appointments.emptyFilteredHint')} />
          ) : (
            <TableEmpty title={t('appointments.empty')} hint={t('appointments.emptyHint')} />
          )
        }
        card={card}
        asCards={!!phone}
        minWidth={980}
      />

      {action?.kind === 'book' && <AppointmentDialog studyId={studyId} onClose={() => setAction(null)} />}
      {action?.kind === 'call' && (
        <StartCallDialog
          studyId={studyId}
          target={{
            participantId: action.appointment.participantId,
            participantCode: action.appointment.participantCode,
            siteId: action.appointment.siteId,
            appointmentId: action.appointment.id,
          }}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'change' && (
        <AppointmentDialog studyId={studyId} appointment={action.appointment} onClose={() => setAction(null)} />
      )}
      <ReasonDialog
        opened={action?.kind === 'cancel'}
        title={t('cancel.title')}
        labels={{
          reason: t('cancel.reason'),
          hint: t('cancel.hint'),
          required: t('cancel.required'),
          cancel: t('cancel.back'),
          confirm: t('cancel.confirm'),
          failed: t('common.failed'),
        }}
        color="red"
        onClose={() => setAction(null)}
        onConfirm={async (reason) => {
          if (!target) return;
          await api.call(cancelAppointment, {
            params: { studyId, appointmentId: target.id },
            body: { reason },
          });
          notify(t('cancel.done', { code: target.participantCode }), { kind: 'success' });
          await done();
        }}
      >
        {target ? t('cancel.text', { code: target.participantCode, when: whenText(target) }) : ''}
      </ReasonDialog>
      <ReasonDialog
        opened={action?.kind === 'outcome'}
        title={t('outcome.title')}
        labels={{
          reason: t('outcome.reason'),
          hint: t('outcome.hint'),
          required: t('outcome.required'),
          cancel: t('outcome.back'),
          confirm: t('outcome.confirm'),
          failed: t('common.failed'),
        }}
        onClose={() => setAction(null)}
        onConfirm={async (reason) => {
          if (!target) return;
          await api.call(recordAppointmentOutcome, {
            params: { studyId, appointmentId: target.id },
            body: { outcome, reason },
          });
          notify(t('outcome.done', { code: target.participantCode }), { kind: 'success' });
          await done();
        }}
      >
        <Radio.Group
          label={target ? t('outcome.text', { code: target.participantCode, when: whenText(target) }) : ''}
          value={outcome}
          onChange={(v) => setOutcome(v as Outcome)}
        >
          <Stack gap={6} mt={6}>
            {APPOINTMENT_OUTCOMES.map((o) => (
              <Radio key={o} value={o} label={t(`outcome.${o}`)} />
            ))}
          </Stack>
        </Radio.Group>
      </ReasonDialog>
    </Stack>
  );
}
