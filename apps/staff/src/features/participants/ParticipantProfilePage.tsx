/**
 * #/studies/:studyId/participants/:participantId (E-006, E-007, E-010…E-013; decision E-participant-profile): one
 * participant as their site team works with them — who they are (for a role that may identify participants), where
 * they stand (status, consent, version, invitation, compliance), their activities by study day (surveys, ePROs,
 * site forms and packets, filtered by kind and status, paged by the server) and their status history. The server
 * answers only a participant the person may see (study assignment → sites → data access type); any other is refused
 * with "You do not have access to this page." (E-052…E-055).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  getParticipant,
  getParticipantFullDetail,
  inviteParticipants,
  listParticipantStatusChanges,
  listParticipantTasks,
  resendParticipantVerification,
  type ParticipantDetail,
  type ParticipantTask,
  TASK_LIST_STATUSES,
} from '@trialpath/contract';
import {
  ACTIVITY_GROUP_NAMES,
  CUSTOM_REGISTRATION_FIELDS,
  can,
  formatPhone,
  INVITABLE_STATUSES,
  TELEHEALTH_REACHABLE_STATUSES,
} from '@trialpath/domain';
import { authoritiesFor } from '../../shared/authorities';
import { storage } from '../../shared/storage';
import { loadFeatureTexts } from '../../i18n';
import { useActiveCall } from '../telehealth/call-store';
import { DataTable, type DataTableColumn, notify, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { LabelBadge, useRefresh } from './ParticipantLabels';
import { ParticipantStatusBadge } from './ParticipantsPage';
import { TransferRequestDialog } from '../transfers/TransferRequestDialog';
import { StatusChangeDialog, StatusHistory } from './StatusChangeDialog';
import { UnblindDialog } from './UnblindDialog';

// The other features' panels load with their own chunk and texts when their tab is opened.
const SiteFormsPanel = lazy(() => import('../edc/pages').then((m) => ({ default: m.SiteFormsPanel })));
const ResponsesPanel = lazy(() => import('../queries/pages').then((m) => ({ default: m.ResponsesPanel })));
const ParticipantQueriesPanel = lazy(() =>
  import('../queries/pages').then((m) => ({ default: m.ParticipantQueriesPanel })),
);
const ParticipantDocumentsPanel = lazy(() =>
  import('../documents/pages').then((m) => ({ default: m.ParticipantDocumentsPanel })),
);
const ParticipantMessagesPanel = lazy(() =>
  import('../messages/pages').then((m) => ({ default: m.ParticipantMessagesPanel })),
);
const DeviceDataPanel = lazy(() => import('../devices/pages').then((m) => ({ default: m.DeviceDataPanel })));
const EhrRecords = lazy(() => import('../ehr/pages').then((m) => ({ default: m.EhrRecords })));
// issue 15: a video call from the profile (unscheduled), with the telehealth texts it shows
const StartCallDialog = lazy(() =>
  Promise.all([import('../telehealth/pages'), loadFeatureTexts('telehealth')]).then(([m]) => ({
    default: m.StartCallDialog,
  })),
);
const ExportDataButton = lazy(() => import('../exports/pages').then((m) => ({ default: m.ExportDataButton })));

function PanelLoader({ children }: { children: ReactNode }) {
  const { t } = useTranslation('participants');
  return <Suspense fallback={<Loader size="sm" aria-label={t('profile.loadingPanel')} />}>{children}</Suspense>;
}

const TABS = [
  'overview',
  'activities',
  'siteForms',
  'responses',
  'queries',
  'documents',
  'messages',
  'history',
] as const;
type Tab = (typeof TABS)[number];
const TASK_PAGE_SIZE = 25;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

/** Where the participant stands, and who they are for a role that may identify participants. */
function Overview({ studyId, p }: { studyId: string; p: ParticipantDetail }) {
  // E-028's fields are shown when the study asks them, or when an earlier version asked and they hold a value
  const kept = (r: NonNullable<ParticipantDetail['record']>, f: keyof typeof r) =>
    (p.needs[f] ?? 'hidden') !== 'hidden' || r[f] !== '';
  const { t, i18n } = useTranslation('participants');
  const detail = useEndpointQuery(getParticipantFullDetail, { params: { studyId, participantId: p.id }, query: {} });
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '');
  const r = p.record;
  const compliance = detail.data?.compliance;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('column.site')}>{`${p.siteName} (${p.siteCode})`}</Fact>
          <Fact label={t('column.version')}>{p.versionName}</Fact>
          <Fact label={t('column.consent')}>{t(`consent.${p.consentStatus}`)}</Fact>
          <Fact label={t('column.source')}>{t(`source.${p.source}`)}</Fact>
          <Fact label={t('profile.added')}>{date(p.addedAt)}</Fact>
          <Fact label={t('profile.invited')}>{date(p.invitedAt)}</Fact>
          <Fact label={t('column.registrationDate')}>{date(p.registrationDate)}</Fact>
          <Fact label={t('profile.email')}>
            {p.emailUnsubscribed ? t('profile.unsubscribed') : t('profile.subscribed')}
          </Fact>
        </SimpleGrid>
        {p.labels.length > 0 && (
          <Group gap={4} mt="md">
            {p.labels.map((l) => (
              <LabelBadge key={l.id} label={l} />
            ))}
          </Group>
        )}
      </Paper>
      {r ? (
        <Paper withBorder radius="md" p="md" aria-label={t('profile.record')} component="section">
          <Title order={2} fz="lg" mb="sm">
            {t('profile.record')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Fact label={t('form.email')}>{r.email}</Fact>
            <Fact label={t('form.mobile')}>{formatPhone(r.mobileCountryCode, r.mobile)}</Fact>
            <Fact label={t('form.dateOfBirth')}>{r.dateOfBirth}</Fact>
            <Fact label={t('form.gender')}>{r.gender ? t(`form.genders.${r.gender}`) : ''}</Fact>
            <Fact label={t('form.address')}>{[r.address, r.city, r.state, r.zipcode].filter(Boolean).join(', ')}</Fact>
            <Fact label={t('form.countryId')}>{r.countryId}</Fact>
            <Fact label={t('form.languageId')}>{r.languageId}</Fact>
            <Fact label={t('form.optInSMS')}>{r.optInSMS ? t('profile.yes') : t('profile.no')}</Fact>
            {(kept(r, 'parentOrCgFirstName') || kept(r, 'parentOrCgLastName')) && (
              <Fact label={t('form.parentOrCg')}>
                {[r.parentOrCgFirstName, r.parentOrCgLastName].filter(Boolean).join(' ')}
              </Fact>
            )}
            {kept(r, 'howDidYouHear') && <Fact label={t('form.howDidYouHear')}>{r.howDidYouHear}</Fact>}
            {CUSTOM_REGISTRATION_FIELDS.filter((f) => kept(r, f)).map((f) => (
              <Fact key={f} label={p.fieldLabels[f] || t(`form.${f}`)}>
                {r[f]}
              </Fact>
            ))}
          </SimpleGrid>
        </Paper>
      ) : (
        <Alert color="gray" variant="light">
          {t('list.pseudonymised')}
        </Alert>
      )}
      {compliance && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('profile.compliance')}>
          <Title order={2} fz="lg" mb="sm">
            {t('profile.compliance')}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
            <Fact label={t('profile.percentage')}>
              {compliance.percentage === null ? t('profile.nothingDue') : `${compliance.percentage} %`}
            </Fact>
            <Fact label={t('profile.due')}>{String(compliance.due)}</Fact>
            <Fact label={t('profile.completed')}>{String(compliance.completed)}</Fact>
            <Fact label={t('profile.missed')}>{String(compliance.missed)}</Fact>
            <Fact label={t('profile.upcoming')}>{String(compliance.upcoming)}</Fact>
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}

/** By who answers (the surveys, forms and EDC forms screens of 000 §2.4), or the visit packets alone. */
const KIND_FILTERS = ['all', ...ACTIVITY_GROUP_NAMES, 'packet'] as const;
type KindFilter = (typeof KIND_FILTERS)[number];
type StatusFilter = 'all' | (typeof TASK_LIST_STATUSES)[number];

const kindQuery = (kind: KindFilter) =>
  kind === 'all' ? {} : kind === 'packet' ? { type: 'packet' as const } : { activityGroup: kind };

/**
 * The participant's tasks by study day, filtered by kind and status, paged by the server. The kind is kept in the
 * address (`?tab=activities&kind=survey`): the participant's survey and forms screens are this list so filtered.
 */
function Activities({ studyId, participantId }: { studyId: string; participantId: string }) {
  const { t, i18n } = useTranslation('participants');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('kind') as KindFilter;
  const kind: KindFilter = KIND_FILTERS.includes(asked) ? asked : 'all';
  const setKind = (next: KindFilter) =>
    setSearch(
      (s) => {
        if (next === 'all') s.delete('kind');
        else s.set('kind', next);
        return s;
      },
      { replace: true },
    );
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const detail = useEndpointQuery(getParticipantFullDetail, { params: { studyId, participantId }, query: {} });
  const tasks = useEndpointQuery(
    listParticipantTasks,
    {
      params: { studyId, participantId },
      query: {
        ...kindQuery(kind),
        ...(status !== 'all' ? { status } : {}),
        pageIndex: page - 1,
        pageSize: TASK_PAGE_SIZE,
      },
    },
    { placeholderData: keepPreviousData },
  );
  const names = new Map((detail.data?.version?.activities ?? []).map((a) => [a.id, a]));
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
  const columns: DataTableColumn<ParticipantTask>[] = [
    {
      id: 'name',
      header: t('profile.task.name'),
      cell: (task) =>
        names.get(task.targetId)?.name ?? names.get(task.targetId)?.identifier ?? t('profile.task.packet'),
    },
    {
      id: 'kind',
      header: t('profile.task.kind'),
      cell: (task) => {
        const k = names.get(task.targetId)?.kind;
        return task.type === 'packet' ? t('profile.kind.packet') : k ? t(`profile.kind.${k}`) : '—';
      },
    },
    {
      id: 'days',
      header: t('profile.task.days'),
      cell: (task) => (task.endDay === null ? String(task.startDay) : `${task.startDay}–${task.endDay}`),
    },
    { id: 'opens', header: t('profile.task.opens'), cell: (task) => when(task.opensAt) },
    { id: 'answered', header: t('profile.task.answered'), cell: (task) => when(task.answeredAt) },
    {
      id: 'status',
      header: t('profile.task.status'),
      cell: (task) => (
        <Badge variant="light" radius="sm" tt="none" c="dark.7" color={task.status === 'COMPLETED' ? 'teal' : 'gray'}>
          {t(`profile.taskStatus.${task.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('profile.task.kind')}
          data={KIND_FILTERS.map((k) => ({ value: k, label: t(`profile.filter.${k}`) }))}
          value={kind}
          onChange={(v) => {
            setKind((v ?? 'all') as KindFilter);
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('profile.task.status')}
          data={[
            { value: 'all', label: t('profile.filter.all') },
            ...TASK_LIST_STATUSES.map((s) => ({ value: s, label: t(`profile.taskStatus.${s}`) })),
          ]}
          value={status}
          onChange={(v) => {
            setStatus((v ?? 'all') as StatusFilter);
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {tasks.data?.participantCurrentDay !== null && tasks.data?.participantCurrentDay !== undefined && (
        <Text size="sm" c="dimmed">
          {t('profile.currentDay', { day: tasks.data.participantCurrentDay })}
        </Text>
      )}
      <DataTable
        label={t('profile.tabs.activities')}
        columns={columns}
        rows={tasks.data?.items}
        rowKey={(task) => task.id}
        loading={tasks.isPending}
        error={tasks.isError ? { title: t('profile.loadFailed'), retry: () => void tasks.refetch() } : null}
        paging={
          tasks.data && {
            page,
            pageSize: TASK_PAGE_SIZE,
            total: tasks.data.totalRecords,
            pageSizes: [TASK_PAGE_SIZE],
            onPage: setPage,
            onPageSize: () => {},
          }
        }
        labels={{ count: (total) => t('profile.taskCount', { count: total }) }}
        empty={<TableEmpty title={t('profile.noTasks')} hint={t('profile.noTasksHint')} />}
        minWidth={760}
      />
    </Stack>
  );
}

function History({ studyId, participantId }: { studyId: string; participantId: string }) {
  const { t } = useTranslation('participants');
  const history = useEndpointQuery(listParticipantStatusChanges, { params: { studyId, participantId } });
  if (history.data?.items.length === 0) return <Text c="dimmed">{t('profile.noHistory')}</Text>;
  return <StatusHistory items={history.data?.items ?? []} />;
}

export function ParticipantProfilePage() {
  const { t, i18n } = useTranslation('participants');
  const { studyId = '', participantId = '' } = useParams();
  const path = useStudyPath(studyId);
  const seesAnalytics = authoritiesFor(studyId, storage).some((a) => can(a, 'analytics.view'));
  const exports = authoritiesFor(studyId, storage).some((a) => can(a, 'exports.run'));
  const seesResponses = authoritiesFor(studyId, storage).some((a) => can(a, 'responses.view'));
  const callsByVideo = authoritiesFor(studyId, storage).some((a) => can(a, 'telehealth.call'));
  const inCall = useActiveCall() !== null;
  const [calling, setCalling] = useState(false);
  const refresh = useRefresh();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.includes(search.get('tab') as Tab) ? (search.get('tab') as Tab) : 'overview';
  const [changing, setChanging] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [unblinding, setUnblinding] = useState(false);
  const participant = useEndpointQuery(getParticipant, { params: { studyId, participantId } });
  const p = participant.data;
  if (participant.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {refusalText(participant.error, i18n.language, t('profile.loadFailed'))}
      </Alert>
    );
  if (!p) return null;
  const name = p.record ? [p.record.firstName, p.record.lastName].filter(Boolean).join(' ') : '';
  const { manage } = p;
  const invite = async () => {
    try {
      await api.call(inviteParticipants, { params: { studyId }, body: { participantIds: [p.id] } });
      notify(t('invite.done', { count: 1 }), { kind: 'success' });
      await refresh();
      await participant.refetch();
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  const resendVerification = async () => {
    try {
      const sent = await api.call(resendParticipantVerification, { params: { studyId, participantId: p.id } });
      notify(t('profile.verificationSent', { destination: sent.destination }), { kind: 'success' });
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm">
            <Link to={path('participants')}>{t('profile.back')}</Link>
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
              {p.participantId}
            </Title>
            <ParticipantStatusBadge status={p.status} />
          </Group>
          {name && <Text c="dimmed">{name}</Text>}
        </div>
        <Group gap="xs">
          <Button variant="default" component={Link} to={path(`participants/${p.id}/consents`)}>
            {t('profile.consents')}
          </Button>
          {/* E-018: the participant's data dashboards are the participant focus, filtered to them (G-016) */}
          {seesAnalytics && (
            <Button
              variant="default"
              component={Link}
              to={`${path('vis/participant-focus')}?participantsIds=${encodeURIComponent(p.id)}`}
            >
              {t('profile.dashboards')}
            </Button>
          )}
          {/* H-011: the participant's dashboard data as a zip */}
          {exports && (
            <Suspense fallback={null}>
              <ExportDataButton studyId={studyId} kind="PARTICIPANT_DASHBOARD" participantId={p.id} />
            </Suspense>
          )}
          {/* the participant can answer in the portal (E-070's rule); the server decides the site's team */}
          {callsByVideo && !inCall && TELEHEALTH_REACHABLE_STATUSES.includes(p.status) && (
            <Button variant="default" onClick={() => setCalling(true)}>
              {t('profile.videoCall')}
            </Button>
          )}
          {manage && (
            <Button variant="default" onClick={() => setChanging(true)}>
              {t('statusChange.action')}
            </Button>
          )}
          {manage && (
            <Button variant="default" onClick={() => setTransferring(true)}>
              {t('profile.transfer')}
            </Button>
          )}
          {manage && INVITABLE_STATUSES.includes(p.status) && (
            <Button variant="default" onClick={() => void invite()}>
              {p.status === 'INVITED' ? t('invite.resend') : t('invite.action')}
            </Button>
          )}
          {manage && p.status === 'REGISTERED' && (
            <Button variant="default" onClick={() => void resendVerification()}>
              {t('profile.resendVerification')}
            </Button>
          )}
          {p.mayUnblind && (
            <Button variant="default" color="red" onClick={() => setUnblinding(true)}>
              {t('unblind.action')}
            </Button>
          )}
          {manage && p.record && (
            <Button component={Link} to={path(`participants/${p.id}/edit`)}>
              {t('form.edit')}
            </Button>
          )}
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => setSearch(v && v !== 'overview' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`profile.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview studyId={studyId} p={p} />
          <PanelLoader>
            <DeviceDataPanel studyId={studyId} participantId={p.id} />
          </PanelLoader>
          {seesResponses && (
            <PanelLoader>
              <EhrRecords studyId={studyId} participantId={p.id} />
            </PanelLoader>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="activities" pt="md">
          <Activities studyId={studyId} participantId={p.id} />
        </Tabs.Panel>
        <Tabs.Panel value="siteForms" pt="md">
          <PanelLoader>
            <SiteFormsPanel studyId={studyId} participantId={p.id} />
          </PanelLoader>
        </Tabs.Panel>
        <Tabs.Panel value="responses" pt="md">
          <PanelLoader>
            <ResponsesPanel studyId={studyId} participantId={p.id} />
          </PanelLoader>
        </Tabs.Panel>
        <Tabs.Panel value="queries" pt="md">
          <PanelLoader>
            <ParticipantQueriesPanel studyId={studyId} participantId={p.id} />
          </PanelLoader>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <PanelLoader>
            <ParticipantDocumentsPanel studyId={studyId} participant={p} canManage={manage} />
          </PanelLoader>
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <PanelLoader>
            <ParticipantMessagesPanel studyId={studyId} participant={p} mayManage={manage} />
          </PanelLoader>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History studyId={studyId} participantId={p.id} />
        </Tabs.Panel>
      </Tabs>
      {transferring && (
        <TransferRequestDialog
          studyId={studyId}
          participant={p}
          opened
          onClose={() => setTransferring(false)}
          onRequested={() => setTransferring(false)}
        />
      )}
      {unblinding && <UnblindDialog studyId={studyId} participant={p} onClose={() => setUnblinding(false)} />}
      {calling && (
        <Suspense fallback={null}>
          <StartCallDialog
            studyId={studyId}
            target={{ participantId: p.id, participantCode: p.participantId, siteId: p.siteId, appointmentId: null }}
            onClose={() => setCalling(false)}
          />
        </Suspense>
      )}
      {changing && (
        <StatusChangeDialog
          studyId={studyId}
          participant={p}
          opened
          onClose={() => {
            setChanging(false);
            void participant.refetch();
          }}
        />
      )}
    </Stack>
  );
}
