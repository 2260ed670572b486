/**
 * The version's activities (C-047; C-058…C-060 per kind) and their order (C-053), decision 0044: the study's
 * surveys, ePROs and eDROs the version uses, each at a revision (the latest when added, any other not
 * retired on choice), switched off or silenced; saved as the version's studyActivities section.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { type ActivityListItem, getActivity } from '@trialpath/contract';
import type { ActivityType, StudyActivityRef } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { type Loaded, type SectionState, useSection, useStudyPath } from './data';
import { SaveBar, SchedulesFrame, type ScreenId } from './Frame';
import { activityLabel, usedActivityIds } from './names';

type ParticipantKind = Exclude<ActivityType, 'dataCaptureForm'>;
const PARTICIPANT_KINDS: readonly ParticipantKind[] = ['survey', 'epro', 'edro'];

/** The revision a version uses, chosen among the activity's revisions that are not retired. */
function RevisionCell({
  item,
  label,
  readOnly,
  onChange,
}: {
  item: StudyActivityRef;
  label: string;
  readOnly: boolean;
  onChange: (revisionId: string) => void;
}) {
  const { t } = useTranslation('schedules');
  const detail = useEndpointQuery(getActivity, { params: { activityId: item.id } });
  const revisions = detail.data?.revisions ?? [];
  const pinned = revisions.find((r) => r.id === item.revisionId);
  if (!detail.data) return <Text size="sm">{detail.isError ? t('activities.revisionUnknown') : '…'}</Text>;
  const options = revisions
    .filter((r) => r.status !== 'RETIRED' || r.id === item.revisionId)
    .map((r) => ({
      value: r.id,
      label: t('activities.revisionOption', { number: r.number, status: t(`revisionStatus.${r.status}`) }),
    }));
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('activities.revisionOf', { activity: label })}
        data={options}
        value={item.revisionId}
        onChange={(v) => v && onChange(v)}
        allowDeselect={false}
        disabled={readOnly}
        w={190}
        size="xs"
      />
      {pinned && (
        <Badge variant="outline" radius="sm" tt="none" color={pinned.status === 'DRAFT' ? '#9c3b00' : 'teal.9'}>
          {t(`revisionStatus.${pinned.status}`)}
        </Badge>
      )}
    </Group>
  );
}

/** The version's activities of some kinds as a table: revision, switches, order, removal. */
function ActivityTable({
  loaded,
  state,
  kinds,
  order,
  used,
}: {
  loaded: Loaded;
  state: SectionState<'studyActivities'>;
  kinds: readonly ActivityType[];
  order: boolean;
  used: Set<string>;
}) {
  const { t, i18n } = useTranslation('schedules');
  const items = state.value.items;
  const shown = items
    .map((item, index) => ({ item, index, activity: loaded.activities.get(item.id) }))
    .filter((r) => !r.activity || kinds.includes(r.activity.kind));
  const update = (index: number, patch: Partial<StudyActivityRef>) =>
    state.setValue({ items: items.map((it, i) => (i === index ? { ...it, ...patch } : it)) });
  const swap = (a: number, b: number) => {
    const next = [...items];
    [next[a], next[b]] = [next[b]!, next[a]!];
    state.setValue({ items: next });
  };
  const remove = (index: number) => state.setValue({ items: items.filter((_, i) => i !== index) });
  const ro = loaded.readOnly;

  return (
    <Table withTableBorder verticalSpacing="sm" aria-label={t('activities.table')} data-testid="version-activities">
      <Table.Thead>
        <Table.Tr>
          {order && <Table.Th>{t('activities.position')}</Table.Th>}
          <Table.Th>{t('activities.activity')}</Table.Th>
          <Table.Th>{t('activities.kind')}</Table.Th>
          {!order && <Table.Th>{t('activities.revision')}</Table.Th>}
          {!order && <Table.Th>{t('activities.switches')}</Table.Th>}
          {!ro && <Table.Th>{t('activities.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map(({ item, index, activity }, position) => {
          const label = activityLabel(activity, item.id, i18n.language);
          const error =
            state.fieldErrors[`value.items.${index}.revisionId`] ?? state.fieldErrors[`value.items.${index}.id`];
          return (
            <Table.Tr key={item.id} data-testid={`version-activity-${activity?.identifier ?? item.id}`}>
              {order && <Table.Td>{position + 1}</Table.Td>}
              <Table.Td>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                {!activity && (
                  <Text size="xs" c="dimmed">
                    {t('activities.notListed')}
                  </Text>
                )}
                {error && (
                  <Text size="xs" c="red.9">
                    {error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{activity ? t(`kind.${activity.kind}`) : '—'}</Table.Td>
              {!order && (
                <Table.Td>
                  <RevisionCell
                    item={item}
                    label={label}
                    readOnly={ro}
                    onChange={(revisionId) => update(index, { revisionId })}
                  />
                </Table.Td>
              )}
              {!order && (
                <Table.Td>
                  <Stack gap={4}>
                    <Checkbox
                      size="xs"
                      label={t('activities.disabled')}
                      aria-label={t('activities.disabledOf', { activity: label })}
                      checked={item.disabled}
                      disabled={ro}
                      onChange={(e) => update(index, { disabled: e.currentTarget.checked })}
                    />
                    <Checkbox
                      size="xs"
                      label={t('activities.notificationsOff')}
                      aria-label={t('activities.notificationsOffOf', { activity: label })}
                      checked={item.notificationsDisabled}
                      disabled={ro}
                      onChange={(e) => update(index, { notificationsDisabled: e.currentTarget.checked })}
                    />
                  </Stack>
                </Table.Td>
              )}
              {!ro && (
                <Table.Td>
                  {order ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        aria-label={t('activities.moveUp', { activity: label })}
                        disabled={position === 0}
                        onClick={() => swap(index, shown[position - 1]!.index)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={t('activities.moveDown', { activity: label })}
                        disabled={position === shown.length - 1}
                        onClick={() => swap(index, shown[position + 1]!.index)}
                      >
                        ↓
                      </ActionIcon>
                    </Group>
                  ) : used.has(item.id) ? (
                    <Text size="xs" c="dimmed" maw={180}>
                      {t('activities.scheduled')}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      onClick={() => remove(index)}
                      aria-label={t('activities.removeOf', { activity: label })}
                    >
                      {t('activities.remove')}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Adds one of the study's activities not yet in the version, at its latest revision. */
export function AddActivity({
  loaded,
  version,
  kinds,
  onAdd,
  label,
}: {
  loaded: Loaded;
  version: { items: StudyActivityRef[] };
  kinds: readonly ActivityType[];
  onAdd: (a: ActivityListItem) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation('schedules');
  const [chosen, setChosen] = useState<string | null>(null);
  const inVersion = new Set(version.items.map((i) => i.id));
  const candidates = [...loaded.activities.values()].filter((a) => kinds.includes(a.kind) && !inVersion.has(a.id));
  if (candidates.length === 0) return null;
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={label}
        placeholder={t('activities.choose')}
        data={candidates.map((a) => ({
          value: a.id,
          label: `${activityLabel(a, a.id, i18n.language)} (${t(`kind.${a.kind}`)}, ${t('activities.revisionOption', { number: a.latest.number, status: t(`revisionStatus.${a.latest.status}`) })})`,
        }))}
        value={chosen}
        onChange={setChosen}
        searchable
        w={420}
      />
      <Button
        disabled={!chosen}
        onClick={() => {
          const a = candidates.find((c) => c.id === chosen);
          if (a) onAdd(a);
          setChosen(null);
        }}
      >
        {t('activities.add')}
      </Button>
    </Group>
  );
}

export const refOf = (a: ActivityListItem): StudyActivityRef => ({
  id: a.id,
  revisionId: a.latest.id,
  disabled: false,
  notificationsDisabled: false,
});

function VersionActivities({
  loaded,
  kinds,
  order,
}: {
  loaded: Loaded;
  kinds: readonly ActivityType[];
  order: boolean;
}) {
  const { t } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const state = useSection(loaded, 'studyActivities');
  const used = usedActivityIds(loaded.version.content.schedule);
  const count = state.value.items.filter((i) => {
    const a = loaded.activities.get(i.id);
    return !a || kinds.includes(a.kind);
  }).length;
  const studyHas = [...loaded.activities.values()].some((a) => kinds.includes(a.kind));
  const listError = state.fieldErrors['value.items'];
  return (
    <Stack gap="md">
      {count === 0 ? (
        <Paper withBorder p="lg" radius="md" data-testid="empty">
          <Stack gap="xs">
            <Text fw={600}>{t('activities.emptyTitle')}</Text>
            <Text size="sm">{studyHas ? t('activities.emptyAdd') : t('activities.emptyCreate')}</Text>
            {!studyHas && (
              <Anchor component={Link} to={`/activity-library/study-activities/studies/${loaded.studyId}`} size="sm">
                {t('activities.createLink')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      ) : (
        <ActivityTable loaded={loaded} state={state} kinds={kinds} order={order} used={used} />
      )}
      {listError && (
        <Alert color="red" variant="light">
          {listError}
        </Alert>
      )}
      {!order && !loaded.readOnly && (
        <AddActivity
          loaded={loaded}
          version={state.value}
          kinds={kinds}
          label={t('activities.addLabel')}
          onAdd={(a) => state.setValue({ items: [...state.value.items, refOf(a)] })}
        />
      )}
      {!order && count > 0 && (
        <Anchor component={Link} to={to('customize/activity-order')} size="sm">
          {t('activities.orderLink')}
        </Anchor>
      )}
      <SaveBar state={state} readOnly={loaded.readOnly} label={order ? t('save.order') : t('save.activities')} />
    </Stack>
  );
}

function ActivitiesScreen({
  screen,
  kinds,
  order = false,
}: {
  screen: ScreenId;
  kinds: readonly ActivityType[];
  order?: boolean;
}) {
  return (
    <SchedulesFrame screen={screen}>
      {(loaded) => <VersionActivities loaded={loaded} kinds={kinds} order={order} />}
    </SchedulesFrame>
  );
}

/** The version's surveys, ePROs and eDROs of one kind, or of all three. */
export function KindActivitiesPage({ kind }: { kind?: ParticipantKind }) {
  const screen: ScreenId =
    kind === 'survey' ? 'surveys' : kind === 'epro' ? 'epros' : kind === 'edro' ? 'edros' : 'activities';
  return <ActivitiesScreen screen={screen} kinds={kind ? [kind] : PARTICIPANT_KINDS} />;
}

export const CustomizeActivitiesPage = () => <KindActivitiesPage />;
export const CustomizeSurveysPage = () => <KindActivitiesPage kind="survey" />;
export const CustomizeEprosPage = () => <KindActivitiesPage kind="epro" />;
export const CustomizeEdrosPage = () => <KindActivitiesPage kind="edro" />;
export const ActivityOrderPage = () => <ActivitiesScreen screen="activityOrder" kinds={PARTICIPANT_KINDS} order />;
