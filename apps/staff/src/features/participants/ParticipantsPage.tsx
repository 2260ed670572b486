/**
 * #/studies/:studyId/participants (E-004, E-005): the participants the person may see, searched, filtered,
 * sorted and paged by the server; every choice kept in the address (list-state.ts). Names and e-mail addresses
 * only for a role that may identify participants; labels for a role that may manage them.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  exportParticipants,
  getParticipantListOptions,
  inviteParticipants,
  listParticipants,
  type ParticipantLabel,
  type ParticipantListEntry,
} from '@trialpath/contract';
import {
  CONSENT_LIST_STATUSES,
  ENROLMENT_SOURCES,
  PARTICIPANT_PAGE_SIZES,
  PARTICIPANT_STATUSES,
  type ParticipantSortKey,
  isMessageKey,
  type ParticipantStatus,
  shortenParticipantId,
  translate,
  INVITABLE_STATUSES,
} from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import {
  isFiltered,
  type ListState,
  queryOf,
  searchFromState,
  stateFromSearch,
  withFilter,
  withSort,
} from './list-state';
import { LabelBadge, LabelsManager, ParticipantLabelsEditor } from './ParticipantLabels';
import { StatusChangeDialog } from './StatusChangeDialog';
import { ImportDialog } from './ImportDialog';
import { InviteAllDialog } from './InviteAllDialog';
import { useRefresh } from './ParticipantLabels';

const STATUS_COLOR: Partial<Record<ParticipantStatus, string>> = {
  ACTIVE: 'teal',
  ACTIVEWMODIFICATION: 'teal',
  ACTIVEWITHOUTAPP: 'teal',
  INVITED: 'blue',
  REGISTERED: 'blue',
  VERIFIED: 'blue',
  SCREENING: 'yellow',
  PRESCREENED: 'yellow',
  SCREENPASSED: 'green',
  SCREENFAILED: 'orange',
  DISQUALIFIED: 'red',
  WITHDRAWCONSENT: 'red',
  WITHDRAWSTUDY: 'red',
  DISCONTINUED: 'gray',
};

export function ParticipantStatusBadge({ status }: { status: ParticipantStatus }) {
  const { t } = useTranslation('participants');
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" radius="sm" tt="none" c="dark.7">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The list's state, read from and written to the address. */
function useListState(): [ListState, (next: ListState) => void] {
  const [search, setSearch] = useSearchParams();
  const state = stateFromSearch(search);
  return [state, (next) => setSearch(searchFromState(next), { replace: true })];
}

interface RowActions {
  onChangeStatus: (p: ParticipantListEntry) => void;
  onInvite: (ids: string[]) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  editPath: (p: ParticipantListEntry) => string;
  profilePath: (p: ParticipantListEntry) => string;
}

function useColumns(
  studyId: string,
  identify: boolean,
  manage: boolean,
  labels: ParticipantLabel[],
  actions: RowActions,
) {
  const { t, i18n } = useTranslation('participants');
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const columns: (DataTableColumn<ParticipantListEntry> & { show?: boolean })[] = [
    {
      id: 'select',
      header: t('invite.selectPage'),
      show: manage,
      cell: (p) =>
        INVITABLE_STATUSES.includes(p.status) && (
          <Checkbox
            aria-label={t('invite.select', { participant: p.participantId })}
            checked={actions.selected.has(p.id)}
            onChange={(e) => actions.onSelect(p.id, e.currentTarget.checked)}
          />
        ),
    },
    {
      id: 'participantId',
      header: t('column.participantId'),
      sortable: true,
      cell: (p) => (
        <Text
          size="sm"
          fw={600}
          title={p.participantId}
          style={{ whiteSpace: 'nowrap' }}
          component={Link}
          to={actions.profilePath(p)}
          c="teal.9"
        >
          {shortenParticipantId(p.participantId)}
        </Text>
      ),
    },
    { id: 'name', header: t('column.name'), sortable: true, show: identify, cell: (p) => p.participantName ?? '—' },
    { id: 'email', header: t('column.email'), sortable: true, show: identify, cell: (p) => p.email ?? '—' },
    { id: 'site', header: t('column.site'), sortable: true, cell: (p) => p.siteName },
    {
      id: 'status',
      header: t('column.status'),
      sortable: true,
      cell: (p) => <ParticipantStatusBadge status={p.status} />,
    },
    { id: 'consent', header: t('column.consent'), cell: (p) => t(`consent.${p.consentStatus}`) },
    { id: 'source', header: t('column.source'), sortable: true, cell: (p) => t(`source.${p.source}`) },
    { id: 'version', header: t('column.version'), sortable: true, cell: (p) => p.versionName ?? '—' },
    {
      id: 'labels',
      header: t('column.labels'),
      cell: (p) => (
        <Group gap={4} wrap="wrap">
          {p.labels.map((l) => (
            <LabelBadge key={l.id} label={l} />
          ))}
          {manage && <ParticipantLabelsEditor studyId={studyId} participant={p} labels={labels} />}
        </Group>
      ),
    },
    {
      id: 'registrationDate',
      header: t('column.registrationDate'),
      sortable: true,
      cell: (p) => date(p.registrationDate),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      show: manage,
      cell: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => actions.onChangeStatus(p)}
            aria-label={t('statusChange.actionOf', { participant: p.participantId })}
          >
            {t('statusChange.action')}
          </Button>
          {identify && (
            <Button
              size="compact-sm"
              variant="subtle"
              component={Link}
              to={actions.editPath(p)}
              aria-label={t('form.editOf', { participant: p.participantId })}
            >
              {t('form.edit')}
            </Button>
          )}
          {INVITABLE_STATUSES.includes(p.status) && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => actions.onInvite([p.id])}
              aria-label={t('invite.actionOf', { participant: p.participantId })}
            >
              {p.status === 'INVITED' ? t('invite.resend') : t('invite.action')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return columns.filter((c) => c.show !== false);
}

function Filters({
  state,
  setState,
  options,
}: {
  state: ListState;
  setState: (s: ListState) => void;
  options: NonNullable<ReturnType<typeof useEndpointQuery<typeof getParticipantListOptions>>['data']>;
}) {
  const { t } = useTranslation('participants');
  const any = t('list.anyValue');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <MultiSelect
        label={t('list.status')}
        placeholder={state.statuses.length ? undefined : any}
        data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={state.statuses}
        onChange={(v) => setState(withFilter(state, { statuses: v as ParticipantStatus[] }))}
        clearable
      />
      <MultiSelect
        label={t('list.site')}
        placeholder={state.siteIds.length ? undefined : any}
        data={options.sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` }))}
        value={state.siteIds}
        onChange={(v) => setState(withFilter(state, { siteIds: v }))}
        clearable
      />
      <Select
        label={t('list.consent')}
        placeholder={any}
        data={CONSENT_LIST_STATUSES.map((c) => ({ value: c, label: t(`consent.${c}`) }))}
        value={state.consent}
        onChange={(v) => setState(withFilter(state, { consent: (v as ListState['consent']) ?? null }))}
        clearable
      />
      <MultiSelect
        label={t('list.version')}
        placeholder={state.versionIds.length ? undefined : any}
        data={options.versions.map((v) => ({ value: v.id, label: v.name }))}
        value={state.versionIds}
        onChange={(v) => setState(withFilter(state, { versionIds: v }))}
        clearable
      />
      <MultiSelect
        label={t('list.label')}
        placeholder={state.labelIds.length ? undefined : any}
        data={options.labels.map((l) => ({ value: l.id, label: l.name }))}
        value={state.labelIds}
        onChange={(v) => setState(withFilter(state, { labelIds: v }))}
        clearable
      />
      <MultiSelect
        label={t('list.source')}
        placeholder={state.sources.length ? undefined : any}
        data={ENROLMENT_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
        value={state.sources}
        onChange={(v) => setState(withFilter(state, { sources: v as ListState['sources'] }))}
        clearable
      />
    </SimpleGrid>
  );
}

export function ParticipantsPage() {
  const { t, i18n } = useTranslation('participants');
  const { studyId = '' } = useParams();
  const [state, setState] = useListState();
  const [typed, setTyped] = useState(state.search);
  const [managing, setManaging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [invitingAll, setInvitingAll] = useState(false);
  const [changing, setChanging] = useState<ParticipantListEntry | null>(null);
  const searchLater = useDebouncedCallback((q: string) => setState(withFilter(state, { search: q.trim() })), 350);
  // a search still waiting when the person opens another page (the list stays shown while that page loads) must not
  // write into that page's address: a link followed from the list drops it
  const leaving = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('a[href]')) searchLater.cancel();
  };
  const options = useEndpointQuery(getParticipantListOptions, { params: { studyId } });
  const list = useEndpointQuery(
    listParticipants,
    { params: { studyId }, query: queryOf(state) },
    { placeholderData: keepPreviousData },
  );
  const identify = options.data?.identify ?? false;
  const manage = options.data?.manage ?? false;
  const path = useStudyPath(studyId);
  const refresh = useRefresh();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const invite = async (participantIds: string[]) => {
    try {
      const r = await api.call(inviteParticipants, { params: { studyId }, body: { participantIds } });
      notify(t('invite.done', { count: r.invited.length }), { kind: 'success' });
      for (const x of r.refused)
        notify(
          t('invite.refused', {
            participant: x.participantId ?? x.id,
            reason: isMessageKey(x.message.key) ? translate(x.message.key, {}, i18n.language) : x.message.key,
          }),
          {
            kind: 'error',
          },
        );
      setSelected(new Set());
      await refresh();
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  const exportCsv = async () => {
    const query = queryOf(state);
    const { pageNum: _, pageSize: __, ...filters } = query;
    try {
      const csv = await api.call(exportParticipants, { params: { studyId }, query: filters });
      // the byte-order mark the file was sent with (the browser's decoding took it off): spreadsheets read UTF-8
      saveFile(`participants_${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv', `\uFEFF${String(csv)}`);
      notify(t('export.done'), { kind: 'success' });
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  const columns = useColumns(studyId, identify, manage, options.data?.labels ?? [], {
    onChangeStatus: setChanging,
    onInvite: (ids) => void invite(ids),
    selected,
    onSelect: (id, on) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    editPath: (p) => path(`participants/${p.id}/edit`),
    profilePath: (p) => path(`participants/${p.id}`),
  });
  const filtered = isFiltered(state);
  return (
    <Stack gap="md" onClickCapture={leaving}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            {t('list.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportCsv()}>
            {t('export.action')}
          </Button>
          {manage && (
            <Button variant="default" onClick={() => setManaging(true)}>
              {t('labels.manage')}
            </Button>
          )}
          {manage && (
            <Button variant="default" component={Link} to={path('participants/migration')}>
              {t('migration.action')}
            </Button>
          )}
          {manage && (
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('importAction')}
            </Button>
          )}
          {manage && (
            <Button variant="default" onClick={() => setInvitingAll(true)}>
              {t('inviteAll.action')}
            </Button>
          )}
          {manage && selected.size > 0 && (
            <Button variant="light" onClick={() => void invite([...selected])}>
              {t('invite.selected', { count: selected.size })}
            </Button>
          )}
          {manage && (
            <Button component={Link} to={path('participants/new')}>
              {t('form.add')}
            </Button>
          )}
        </Group>
      </Group>
      {options.data && !identify && (
        <Alert color="gray" variant="light">
          {t('list.pseudonymised')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('list.search')}
              placeholder={identify ? t('list.searchPlaceholderIdentify') : t('list.searchPlaceholder')}
              value={typed}
              maxLength={100}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                searchLater(e.currentTarget.value);
              }}
              style={{ flex: '1 1 280px' }}
              type="search"
            />
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setTyped('');
                  setState({
                    ...stateFromSearch(new URLSearchParams()),
                    sort: state.sort,
                    order: state.order,
                    pageSize: state.pageSize,
                  });
                }}
              >
                {t('list.clear')}
              </Button>
            )}
          </Group>
          {options.data && <Filters state={state} setState={setState} options={options.data} />}
        </Stack>
      </Paper>
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        error={list.isError ? { title: t('list.loadFailed'), retry: () => void list.refetch() } : null}
        sort={{ column: state.sort, direction: state.order }}
        onSort={(column) => setState(withSort(state, column as ParticipantSortKey))}
        paging={
          list.data && {
            page: state.page,
            pageSize: state.pageSize,
            total: list.data.total,
            pageSizes: PARTICIPANT_PAGE_SIZES,
            onPage: (page) => setState({ ...state, page }),
            onPageSize: (pageSize) => setState({ ...state, pageSize, page: 1 }),
          }
        }
        labels={{ count: (total) => t('list.count', { count: total }) }}
        empty={
          filtered ? (
            <TableEmpty title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <TableEmpty title={t('list.empty')} hint={t('list.emptyHint')} />
          )
        }
        minWidth={960}
      />
      {manage && <LabelsManager studyId={studyId} opened={managing} onClose={() => setManaging(false)} />}
      {manage && invitingAll && <InviteAllDialog studyId={studyId} opened onClose={() => setInvitingAll(false)} />}
      {manage && (
        <ImportDialog
          studyId={studyId}
          opened={importing}
          onClose={() => setImporting(false)}
          onImported={() => void refresh()}
        />
      )}
      {changing && (
        <StatusChangeDialog studyId={studyId} participant={changing} opened onClose={() => setChanging(null)} />
      )}
    </Stack>
  );
}
