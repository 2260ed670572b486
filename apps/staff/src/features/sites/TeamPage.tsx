import { Badge, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  inviteTeamMember,
  searchTeam,
  setSiteMemberBlinded,
  setTeamMemberStatus,
  type TeamMember,
  updateTeamMemberRole,
} from '@trialpath/contract';
import { ROLES, roleTitle, teamScopeOfRole } from '@trialpath/domain';
import {
  DataTable,
  type DataTableColumn,
  notify,
  TableEmpty,
  uiLabel,
  useLanguage,
  useServerPaging,
} from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { fieldErrorsOf } from '../../shared/refusal';
import { ListHeader, ResearchTeamNav, useReasonLabels } from './team-ui';

type Scope = 'ADMIN' | 'STUDY_TEAM' | 'SITE_TEAM';

/** The roles a team of this scope offers. */
export function rolesOfScope(scope: Scope): string[] {
  return ROLES.filter((r) => teamScopeOfRole(r) === scope && r !== 'SystemAdmin' && r !== 'Support');
}

/** A pending change that needs a reason: activate/deactivate, role, blinded flag. */
export type PendingChange =
  | { kind: 'status'; member: TeamMember; active: boolean; siteId?: string }
  | { kind: 'role'; member: TeamMember; role: string }
  | { kind: 'blinded'; member: TeamMember; siteId: string; blinded: boolean };

/** A member's two changes that need a reason: activate or deactivate (here: at one site), and the role. */
export function MemberActions(p: {
  member: TeamMember;
  active: boolean;
  siteId?: string;
  onChange: (change: PendingChange) => void;
}) {
  const { t } = useTranslation('sites');
  const { member } = p;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        onClick={() =>
          p.onChange({ kind: 'status', member, active: !p.active, ...(p.siteId ? { siteId: p.siteId } : {}) })
        }
      >
        {p.active ? t('team.deactivate') : t('team.activate')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => p.onChange({ kind: 'role', member, role: member.role })}
      >
        {t('team.editRole')}
      </Button>
    </Group>
  );
}

/** Runs a pending change through its endpoint (with the reason) and refreshes the team and site reads. */
export function useTeamChanges(studyId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);
  /** Runs the pending change; a refusal is thrown for the reason dialog to show. */
  const run = async (reason: string) => {
    if (!pending) return;
    const userId = pending.member.userId;
    if (pending.kind === 'status')
      await api.call(setTeamMemberStatus, {
        params: { studyId, userId },
        body: { active: pending.active, reason, ...(pending.siteId ? { siteId: pending.siteId } : {}) },
      });
    else if (pending.kind === 'role')
      await api.call(updateTeamMemberRole, {
        params: { studyId, userId },
        body: { role: pending.role as never, reason },
      });
    else
      await api.call(setSiteMemberBlinded, {
        params: { studyId, siteId: pending.siteId, userId },
        body: { blinded: pending.blinded, reason },
      });
    await invalidateEndpoints(queryClient, searchTeam);
    await queryClient.invalidateQueries();
  };
  const close = () => setPending(null);
  return { pending, setPending, run, close };
}

export function InviteDialog({
  studyId,
  opened,
  onClose,
  roles,
  siteId,
}: {
  studyId: string;
  opened: boolean;
  onClose: () => void;
  roles: string[];
  siteId?: string;
}) {
  const { t, i18n } = useTranslation('sites');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '', role: roles[0] ?? '', blinded: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('invite.title')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            await api.call(inviteTeamMember, {
              params: { studyId },
              body: {
                email: form.email,
                firstName: form.firstName,
                lastName: form.lastName,
                role: form.role as never,
                ...(siteId ? { siteId, blinded: form.blinded } : {}),
              },
            });
            notify(t('invite.sent', { email: form.email }), { kind: 'success' });
            setForm({ email: '', firstName: '', lastName: '', role: roles[0] ?? '', blinded: true });
            setErrors({});
            await queryClient.invalidateQueries();
            onClose();
          } catch (err) {
            const fields = fieldErrorsOf(err, i18n.language);
            setErrors(Object.keys(fields).length ? fields : { email: errorMessage(err, t('error.generic')) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <TextInput
            label={t('invite.email')}
            type="email"
            required
            value={form.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
            data-autofocus
          />
          <Group grow>
            <TextInput
              label={t('invite.firstName')}
              required
              value={form.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label={t('invite.lastName')}
              required
              value={form.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
            />
          </Group>
          <Select
            label={t('invite.role')}
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: roleTitle(r, i18n.language) }))}
            value={form.role}
            onChange={(v) => v && set('role')(v)}
            error={errors.role ?? errors.siteId}
          />
          {siteId && (
            <Switch
              label={t('invite.blinded')}
              checked={form.blinded}
              onChange={(e) => set('blinded')(e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function MemberStatusBadge({ m, siteActive }: { m: TeamMember; siteActive?: boolean }) {
  const { t } = useTranslation('sites');
  if (m.accountStatus === 'INVITED')
    return (
      <Badge color="yellow" variant="light" radius="sm" tt="none" c="dark.7">
        {t('team.invited')}
      </Badge>
    );
  const active = m.active && siteActive !== false;
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" radius="sm" tt="none" c="dark.7">
      {active ? t('team.active') : t('team.inactive')}
    </Badge>
  );
}

/** The role-change dialog's extra field: the new role, within the member's kind. */
export function RolePicker({ change, onRole }: { change: PendingChange | null; onRole: (role: string) => void }) {
  const { t, i18n } = useTranslation('sites');
  if (change?.kind !== 'role') return null;
  const roles = rolesOfScope(teamScopeOfRole(change.member.role) === 'SITE_TEAM' ? 'SITE_TEAM' : 'STUDY_TEAM').concat(
    teamScopeOfRole(change.member.role) === 'SITE_TEAM' ? [] : rolesOfScope('ADMIN'),
  );
  return (
    <Select
      label={t('role.label')}
      allowDeselect={false}
      data={roles.map((r) => ({ value: r, label: roleTitle(r, i18n.language) }))}
      value={change.role}
      onChange={(v) => v && onRole(v)}
    />
  );
}

function teamScope(pathname: string): Scope {
  return pathname.includes('study-admins') ? 'ADMIN' : 'STUDY_TEAM';
}

/** #/studies/:studyId/research-team/study-admins and …/study-team (C-068, C-069), with test twins. */
export function TeamPage() {
  const { t } = useTranslation('sites');
  const { studyId = '' } = useParams();
  const scope = teamScope(useLocation().pathname);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 350);
  const { page, pageSize, setPage, pagingOf } = useServerPaging(25);
  const [inviting, setInviting] = useState(false);
  const changes = useTeamChanges(studyId);
  const reasonLabels = useReasonLabels();
  const team = useEndpointQuery(
    searchTeam,
    { params: { studyId }, query: { scope, role: 'all', page, pageSize, ...(debounced ? { search: debounced } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const columns: DataTableColumn<TeamMember>[] = [
    {
      id: 'name',
      header: t('team.name'),
      cell: (m) => (
        <div>
          <Text fw={600} size="sm">
            {m.name}
          </Text>
          <Text c="dimmed" size="xs">
            {m.email}
          </Text>
        </div>
      ),
    },
    { id: 'role', header: t('team.role'), cell: (m) => m.roleTitle },
    { id: 'status', header: t('team.status'), cell: (m) => <MemberStatusBadge m={m} /> },
    {
      id: 'actions',
      header: t('team.actions'),
      cell: (m) => <MemberActions member={m} active={m.active} onChange={changes.setPending} />,
    },
  ];
  const title = t(`team.title${scope}`);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <ListHeader
        title={title}
        subtitle={t(`team.subtitle${scope}`)}
        searchLabel={t('team.search')}
        searchPlaceholder={t('team.searchPlaceholder')}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        action={<Button onClick={() => setInviting(true)}>{t('team.invite')}</Button>}
      />
      <DataTable
        label={title}
        columns={columns}
        rows={team.data?.items}
        rowKey={(m) => m.userId}
        loading={team.isFetching}
        error={
          team.isError ? { title: t('team.loadError'), retry: () => team.refetch(), retryLabel: t('team.retry') } : null
        }
        empty={<TableEmpty title={t('team.empty')} hint={t('team.emptyHint')} />}
        paging={team.data && pagingOf(team.data.total)}
        minWidth={720}
        labels={{ pageSize: t('team.pageSize'), pages: t('team.pages'), count: (count) => t('team.count', { count }) }}
      />
      <InviteDialog
        studyId={studyId}
        opened={inviting}
        onClose={() => setInviting(false)}
        roles={rolesOfScope(scope)}
      />
      <ReasonDialog
        opened={changes.pending !== null}
        title={
          changes.pending?.kind === 'role'
            ? t('role.title', { name: changes.pending.member.name })
            : `${changes.pending?.member.name ?? ''}: ${
                changes.pending?.kind === 'status' && changes.pending.active ? t('team.activate') : t('team.deactivate')
              }`
        }
        labels={reasonLabels}
        onClose={changes.close}
        onConfirm={changes.run}
      >
        <RolePicker
          change={changes.pending}
          onRole={(role) => changes.pending?.kind === 'role' && changes.setPending({ ...changes.pending, role })}
        />
      </ReasonDialog>
    </Stack>
  );
}
