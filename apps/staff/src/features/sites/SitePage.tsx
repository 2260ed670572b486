import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  addTeamMember,
  getSite,
  listSites,
  searchTeam,
  type SiteDetail,
  type TeamMember,
  updateSiteStatus,
} from '@trialpath/contract';
import { placeLine, SITE_STATUSES, type SiteStatus } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { SiteFormFields, SiteStatusBadge } from './SitesPage';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { refusalText } from '../../shared/refusal';
import { ResearchTeamNav, useReasonLabels, useStudyPath } from './team-ui';
import { InviteDialog, MemberActions, MemberStatusBadge, RolePicker, rolesOfScope, useTeamChanges } from './TeamPage';

const SiteDataLockPanel = lazy(() => import('../edc/pages').then((m) => ({ default: m.SiteDataLockPanel })));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={2}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function StatusChanger({ studyId, site }: { studyId: string; site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SiteStatus | null>(null);
  const reasonLabels = useReasonLabels();
  return (
    <>
      <Select
        label={t('site.changeStatus')}
        w={220}
        data={SITE_STATUSES.filter((s) => s !== site.status).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={null}
        onChange={(v) => setStatus(v as SiteStatus)}
      />
      <ReasonDialog
        opened={status !== null}
        title={`${t('site.changeStatus')}: ${status ? t(`status.${status}`) : ''}`}
        labels={reasonLabels}
        onClose={() => setStatus(null)}
        onConfirm={async (reason) => {
          await api.call(updateSiteStatus, {
            params: { studyId, siteId: site.id },
            body: { status: status!, reason },
          });
          await invalidateEndpoints(queryClient, getSite, listSites);
        }}
      />
    </>
  );
}

/** #/studies/:studyId/research-team/research-site/:siteId/view (C-072): the site's fields and its status. */
export function SiteViewPage() {
  const { t } = useTranslation('sites');
  const { studyId = '', siteId = '' } = useParams();
  const path = useStudyPath(studyId);
  const [editing, setEditing] = useState(false);
  const site = useEndpointQuery(getSite, { params: { studyId, siteId } });
  const s = site.data;
  if (!s)
    return site.isError ? (
      <Alert color="red" variant="light" title={t('site.loadError')} maw={720} mx="auto">
        <Anchor component={Link} to={path('research-team/research-site/list')} size="sm">
          {t('site.back')}
        </Anchor>
      </Alert>
    ) : null;
  const space = t(`sites.space${s.siteAccessType}`);
  return (
    <Stack gap="md" maw={1000} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <Anchor component={Link} to={path('research-team/research-site/list')} size="sm">
        ← {t('site.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm" fw={600}>
            {s.siteId}
          </Text>
          <Title order={1} fz={28}>
            {s.name}
          </Title>
        </div>
        <Group align="flex-end">
          <StatusChanger studyId={studyId} site={s} />
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('site.edit')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {editing ? (
          <>
            <Title order={2} fz="lg" mb="sm">
              {t('site.editTitle')}
            </Title>
            <SiteFormFields
              studyId={studyId}
              site={s}
              onSaved={() => {
                notify(t('site.saved'), { kind: 'success' });
                setEditing(false);
                site.refetch();
              }}
              onCancel={() => setEditing(false)}
            />
          </>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Fact label={t('site.statusIn', { space })}>
              <SiteStatusBadge status={s.status} />
            </Fact>
            <Fact label={t('site.country')}>{s.countryNameList.join(', ')}</Fact>
            <Fact label={t('site.subType')}>{t(`subType.${s.siteSubType}`, { defaultValue: s.siteSubType })}</Fact>
            <Fact label={t('site.address')}>
              {[s.address, placeLine(s.city, s.state, s.postalCode)].filter(Boolean).join(', ') || t('site.notSet')}
            </Fact>
            <Fact label={t('site.contact')}>
              {[s.contactName, s.contactEmail, s.contactPhone].filter(Boolean).join(' · ') || t('site.notSet')}
            </Fact>
          </SimpleGrid>
        )}
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('site.teamTitle')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to={path(`site-team/${s.id}/view`)} variant="light">
              {t('site.openTeam')}
            </Button>
            <Button
              component={Link}
              to={path(`research-team/research-site/${s.id}/add-research-site-documents`)}
              variant="light"
            >
              {t('documents.open')}
            </Button>
          </Group>
        </Group>
        {s.siteTeamMembers.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('site.noTeam')}
          </Text>
        ) : (
          <Text size="sm">{s.siteTeamMembers.map((m) => `${m.name} (${m.roleTitle})`).join(', ')}</Text>
        )}
      </Paper>
      {/* the site's form data lock (EDC): shown to who may read the site's forms */}
      <Suspense fallback={null}>
        <SiteDataLockPanel studyId={studyId} siteId={s.id} />
      </Suspense>
    </Stack>
  );
}

function AddExisting({ studyId, siteId, members }: { studyId: string; siteId: string; members: TeamMember[] }) {
  const { t, i18n } = useTranslation('sites');
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = members.filter((m) => m.scope === 'SITE_TEAM' && !m.sites.some((s) => s.siteId === siteId));
  if (candidates.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('add.none')}
      </Text>
    );
  return (
    <Group align="flex-end">
      <Select
        label={t('add.title')}
        w={{ base: '100%', sm: 360 }}
        data={candidates.map((m) => ({ value: m.userId, label: `${m.name} · ${m.roleTitle}` }))}
        value={userId}
        onChange={setUserId}
        error={error}
      />
      <Button
        variant="default"
        disabled={!userId}
        onClick={async () => {
          const m = candidates.find((c) => c.userId === userId)!;
          try {
            await api.call(addTeamMember, {
              params: { studyId },
              body: { userId: m.userId, role: m.role as never, siteId },
            });
            notify(t('add.added', { name: m.name }), { kind: 'success' });
            setUserId(null);
            setError(null);
            await queryClient.invalidateQueries();
          } catch (e) {
            setError(refusalText(e, i18n.language, t('error.generic')));
          }
        }}
      >
        {t('add.submit')}
      </Button>
    </Group>
  );
}

/** #/studies/:studyId/site-team/:siteId/view (C-074): the site's team — add, invite, activate, role, blinded. */
export function SiteTeamPage() {
  const { t } = useTranslation('sites');
  const { studyId = '', siteId = '' } = useParams();
  const path = useStudyPath(studyId);
  const [inviting, setInviting] = useState(false);
  const changes = useTeamChanges(studyId);
  const teamReasonLabels = useReasonLabels();
  const site = useEndpointQuery(getSite, { params: { studyId, siteId } });
  const team = useEndpointQuery(searchTeam, {
    params: { studyId },
    query: { scope: 'SITE_TEAM', role: 'all', siteId },
  });
  const everyone = useEndpointQuery(searchTeam, {
    params: { studyId },
    query: { scope: 'SITE_TEAM', role: 'all', pageSize: 100 },
  });
  if (!site.data) return null;
  const s = site.data;
  const members = team.data?.items ?? [];
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <Anchor component={Link} to={path(`research-team/research-site/${siteId}/view`)} size="sm">
        ← {s.name}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm" fw={600}>
            {s.siteId} · {s.name}
          </Text>
          <Title order={1} fz={28}>
            {t('site.teamTitle')}
          </Title>
        </div>
        <Button onClick={() => setInviting(true)}>{t('team.invite')}</Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {members.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('site.noTeam')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label={t('site.teamTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('team.name')}</Table.Th>
                  <Table.Th>{t('team.role')}</Table.Th>
                  <Table.Th>{t('team.status')}</Table.Th>
                  <Table.Th>{t('team.blinded')}</Table.Th>
                  <Table.Th>{t('team.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((m) => {
                  const here = m.sites.find((x) => x.siteId === siteId)!;
                  return (
                    <Table.Tr key={m.userId}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {m.name}
                        </Text>
                        <Text c="dimmed" size="xs">
                          {m.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{m.roleTitle}</Table.Td>
                      <Table.Td>
                        <MemberStatusBadge m={m} siteActive={here.active} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Switch
                            aria-label={`${t('team.blindedLabel')}: ${m.name}`}
                            checked={here.blinded}
                            onChange={(e) =>
                              changes.setPending({
                                kind: 'blinded',
                                member: m,
                                siteId,
                                blinded: e.currentTarget.checked,
                              })
                            }
                          />
                          <Badge
                            variant="light"
                            color={here.blinded ? 'gray' : 'grape'}
                            radius="sm"
                            tt="none"
                            c="dark.7"
                          >
                            {here.blinded ? t('team.blinded') : t('team.unblinded')}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <MemberActions member={m} active={here.active} siteId={siteId} onChange={changes.setPending} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <AddExisting studyId={studyId} siteId={siteId} members={everyone.data?.items ?? []} />
      </Paper>
      <InviteDialog
        studyId={studyId}
        siteId={siteId}
        opened={inviting}
        onClose={() => setInviting(false)}
        roles={rolesOfScope('SITE_TEAM')}
      />
      <ReasonDialog
        opened={changes.pending !== null}
        title={
          changes.pending?.kind === 'role'
            ? t('role.title', { name: changes.pending.member.name })
            : changes.pending?.kind === 'blinded'
              ? `${changes.pending.member.name}: ${changes.pending.blinded ? t('team.blinded') : t('team.unblinded')}`
              : `${changes.pending?.member.name ?? ''}: ${
                  changes.pending?.kind === 'status' && changes.pending.active
                    ? t('team.activate')
                    : t('team.deactivate')
                }`
        }
        labels={teamReasonLabels}
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
