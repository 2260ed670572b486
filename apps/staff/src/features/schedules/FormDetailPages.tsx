/**
 * One form of the study, read-only (C-035, C-036; decision 0044): its definition at the revision the version
 * uses, run as a preview with the shared ActivityRunner, with the way to the builder; its revisions and which
 * versions used which (C-037, C-038); and a packet with its forms and schedules (C-042, C-043).
 */
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  getActivity,
  getActivityRevision,
  getStudyVersion,
  listStudyVersions,
  queryKeyOf,
  type StudyVersionContent,
} from '@trialpath/contract';
import { ActivityRunner } from '@trialpath/ui';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { useEndpointQuery, usePageEnvironment } from '../../shared/queries';
import { type Loaded, useStudyPath } from './data';
import { SchedulesFrame, type ScreenId } from './Frame';
import { activityLabel, textOf } from './names';
import { type ScheduleDraft, scheduleSummary } from './summary';

function Empty({ title, link, to }: { title: string; link: string; to: string }) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="empty">
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Anchor component={Link} to={to} size="sm">
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function Waiting({ failed, children }: { failed: boolean; children: ReactNode }) {
  const { t } = useTranslation('schedules');
  if (failed)
    return (
      <Alert color="red" variant="light">
        {t('frame.loadError')}
      </Alert>
    );
  return (
    children ?? (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('frame.loading')}</Text>
      </Group>
    )
  );
}

function FormView({ loaded, activityId }: { loaded: Loaded; activityId: string }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const detail = useEndpointQuery(getActivity, { params: { activityId } });
  const ref = loaded.version.content.studyActivities.items.find((i) => i.id === activityId);
  const revisionId = ref?.revisionId ?? detail.data?.latest.id ?? '';
  const revision = useEndpointQuery(
    getActivityRevision,
    { params: { activityId, revisionId } },
    { enabled: revisionId !== '' },
  );
  const language = loaded.languages.includes(i18n.language) ? i18n.language : (loaded.languages[0] ?? 'en');
  const q = `?activityId=${encodeURIComponent(activityId)}`;
  return (
    <Waiting failed={detail.isError || revision.isError}>
      {detail.data && revision.data ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {activityLabel(detail.data, activityId, i18n.language)}
              </Title>
              <Text size="sm">
                {t('activities.revisionOption', {
                  number: revision.data.number,
                  status: t(`revisionStatus.${revision.data.status}`),
                })}
                {' · '}
                {ref ? t('formView.inVersion') : t('formView.notInVersion')}
              </Text>
            </Stack>
            <Group gap="md">
              <Anchor component={Link} to={to(`configure-new-form/${activityId}`)} size="sm">
                {t('formView.edit')}
              </Anchor>
              <Anchor component={Link} to={`${to('data-capture-form/form-versions')}${q}`} size="sm">
                {t('formView.revisions')}
              </Anchor>
              {ref && !loaded.readOnly && (
                <Anchor component={Link} to={`${to('data-capture-form/schedule-form')}${q}`} size="sm">
                  {t('formView.schedule')}
                </Anchor>
              )}
            </Group>
          </Group>
          <Paper withBorder radius="md" p="md" data-testid="form-preview">
            {revision.data.definition.questions.length === 0 ? (
              <Text size="sm">{t('formView.noQuestions')}</Text>
            ) : (
              <ActivityRunner activity={revision.data.definition} language={language} mode="preview" />
            )}
          </Paper>
        </Stack>
      ) : null}
    </Waiting>
  );
}

function FormVersions({ loaded, activityId }: { loaded: Loaded; activityId: string }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const env = usePageEnvironment();
  const detail = useEndpointQuery(getActivity, { params: { activityId } });
  const versions = useEndpointQuery(listStudyVersions, { params: { studyId: loaded.studyId } });
  const list = versions.data?.items ?? [];
  const contents = useQueries({
    queries: list.map((v) => {
      const input = { params: { studyId: loaded.studyId, versionId: v.id } };
      return {
        queryKey: queryKeyOf(getStudyVersion, input, env),
        queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getStudyVersion, { ...input, signal }),
      };
    }),
  });
  const usedBy = (revisionId: string) =>
    contents
      .map((c) => c.data)
      .filter((c): c is StudyVersionContent => Boolean(c))
      .filter((c) => c.content.studyActivities.items.some((i) => i.id === activityId && i.revisionId === revisionId));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Waiting failed={detail.isError || versions.isError}>
      {detail.data ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="lg">
              {activityLabel(detail.data, activityId, i18n.language)}
            </Title>
            <Anchor
              component={Link}
              to={`${to('data-capture-form/form-view')}?activityId=${encodeURIComponent(activityId)}`}
              size="sm"
            >
              {t('versions.view')}
            </Anchor>
          </Group>
          <Table withTableBorder verticalSpacing="sm" aria-label={t('versions.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('versions.revision')}</Table.Th>
                <Table.Th>{t('versions.status')}</Table.Th>
                <Table.Th>{t('versions.updatedBy')}</Table.Th>
                <Table.Th>{t('versions.updatedAt')}</Table.Th>
                <Table.Th>{t('versions.usedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.revisions.map((r) => {
                const used = usedBy(r.id);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{t('versions.number', { number: r.number })}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="outline"
                        radius="sm"
                        tt="none"
                        color={r.status === 'DRAFT' ? '#9c3b00' : r.status === 'ACTIVE' ? 'teal.9' : 'gray.8'}
                      >
                        {t(`revisionStatus.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.updatedBy.name}</Table.Td>
                    <Table.Td>{when(r.updatedAt)}</Table.Td>
                    <Table.Td>
                      {used.length === 0
                        ? t('versions.unused')
                        : used
                            .map((v) => t('versions.versionName', { name: v.name, status: t(`status.${v.status}`) }))
                            .join(', ')}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Waiting>
  );
}

function PacketView({ loaded, packetId }: { loaded: Loaded; packetId: string }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const plan = loaded.version.content.schedule;
  const packet = plan.packets.find((p) => p.id === packetId);
  if (!packet) return <Empty title={t('packet.unknown')} link={t('packet.packetsLink')} to={to('customize/packets')} />;
  const lang = i18n.language;
  const schedules = plan.schedules.filter((s) => s.target.kind === 'packet' && s.target.packetId === packetId);
  const milestoneName = (id: string) => {
    const m = plan.milestones.find((x) => x.id === id);
    return (m && textOf(m.name, lang, loaded.languages)) || id;
  };
  return (
    <Stack gap="md" data-testid="packet-view">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl">
          {textOf(packet.name, lang, loaded.languages) || packet.id}
        </Title>
        <Group gap="md">
          <Anchor component={Link} to={to('customize/packets')} size="sm">
            {t('packet.edit')}
          </Anchor>
          {!loaded.readOnly && (
            <Anchor
              component={Link}
              to={`${to('data-capture-form/schedule-packet')}?packetId=${encodeURIComponent(packetId)}`}
              size="sm"
            >
              {t('packet.schedule')}
            </Anchor>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="packet-forms">
        <Title order={3} fz="md" id="packet-forms" mb="xs">
          {t('packet.forms')}
        </Title>
        <Stack component="ul" gap={4} m={0} pl="lg">
          {packet.activityIds.map((id) => (
            <li key={id}>
              <Anchor
                component={Link}
                to={`${to('data-capture-form/form-view')}?activityId=${encodeURIComponent(id)}`}
                size="sm"
              >
                {activityLabel(loaded.activities.get(id), id, lang)}
              </Anchor>
            </li>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="packet-schedules">
        <Title order={3} fz="md" id="packet-schedules" mb="xs">
          {t('packet.schedules')}
        </Title>
        {schedules.length === 0 ? (
          <Text size="sm">{t('packet.notScheduled')}</Text>
        ) : (
          <Stack component="ul" gap={4} m={0} pl="lg">
            {schedules.map((s) => (
              <li key={s.id}>
                <Text size="sm" data-testid="schedule-summary">
                  {scheduleSummary(s as ScheduleDraft, t, lang, milestoneName)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** The form named by `?activityId=`, else a way to the list. */
function WithActivity({
  screen,
  render,
}: {
  screen: ScreenId;
  render: (loaded: Loaded, activityId: string) => ReactNode;
}) {
  const { t } = useTranslation('schedules');
  const [search] = useSearchParams();
  const activityId = search.get('activityId');
  return (
    <SchedulesFrame screen={screen}>
      {(loaded) =>
        activityId ? (
          render(loaded, activityId)
        ) : (
          <EmptyChoose studyId={loaded.studyId} label={t('formView.choose')} link={t('formView.listLink')} />
        )
      }
    </SchedulesFrame>
  );
}

function EmptyChoose({ studyId, label, link }: { studyId: string; label: string; link: string }) {
  const to = useStudyPath(studyId);
  return <Empty title={label} link={link} to={to('data-capture-form')} />;
}

export const FormViewPage = () => (
  <WithActivity screen="formView" render={(loaded, id) => <FormView loaded={loaded} activityId={id} />} />
);
export const FormVersionsPage = () => (
  <WithActivity screen="formVersions" render={(loaded, id) => <FormVersions loaded={loaded} activityId={id} />} />
);

export function PacketPage() {
  const { t } = useTranslation('schedules');
  const params = useParams();
  const [search] = useSearchParams();
  const packetId = params.packetId ?? search.get('packetId');
  return (
    <SchedulesFrame screen="packet">
      {(loaded) =>
        packetId ? (
          <PacketView loaded={loaded} packetId={packetId} />
        ) : (
          <PacketChoose loaded={loaded} label={t('packet.choose')} />
        )
      }
    </SchedulesFrame>
  );
}

function PacketChoose({ loaded, label }: { loaded: Loaded; label: string }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const packets = loaded.version.content.schedule.packets;
  if (packets.length === 0)
    return <Empty title={t('packet.none')} link={t('packet.packetsLink')} to={to('customize/packets')} />;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="empty">
      <Text fw={600} mb="xs">
        {label}
      </Text>
      <Stack component="ul" gap={4} m={0} pl="lg">
        {packets.map((p) => (
          <li key={p.id}>
            <Anchor component={Link} to={to(`data-capture-form/packet/${encodeURIComponent(p.id)}`)} size="sm">
              {textOf(p.name, i18n.language, loaded.languages) || p.id}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
