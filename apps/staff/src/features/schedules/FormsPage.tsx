/**
 * The study's data capture forms in the version (C-034; decision 0044): each with the revision the version
 * uses and whether it is scheduled, and those not yet in the version with "add to version"; and the forms
 * of the version that nothing schedules (C-041), neither directly nor in a scheduled packet.
 */
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refOf } from './ActivitiesPage';
import { type Loaded, useSection, useStudyPath } from './data';
import { SaveBar, SchedulesFrame } from './Frame';
import { activityLabel, scheduledActivityIds } from './names';

function Forms({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const state = useSection(loaded, 'studyActivities');
  const ro = loaded.readOnly;
  const forms = [...loaded.activities.values()].filter((a) => a.kind === 'dataCaptureForm');
  const pinned = new Map(state.value.items.map((i) => [i.id, i]));
  const scheduled = scheduledActivityIds(loaded.version.content.schedule);
  const q = (id: string) => `?activityId=${encodeURIComponent(id)}`;

  if (forms.length === 0)
    return (
      <Paper withBorder p="lg" radius="md" data-testid="empty">
        <Stack gap="xs">
          <Text fw={600}>{t('forms.emptyTitle')}</Text>
          <Text size="sm">{t('forms.empty')}</Text>
          <Anchor component={Link} to={`/activity-library/data-capture-form/studies/${loaded.studyId}`} size="sm">
            {t('forms.createLink')}
          </Anchor>
        </Stack>
      </Paper>
    );

  return (
    <Stack gap="md">
      <Group gap="md">
        <Anchor component={Link} to={to('customize/packets')} size="sm">
          {t('forms.packetsLink')}
        </Anchor>
        <Anchor component={Link} to={to('data-capture-form/unschedule-forms')} size="sm">
          {t('forms.unscheduledLink')}
        </Anchor>
      </Group>
      <Table withTableBorder verticalSpacing="sm" aria-label={t('screen.forms')} data-testid="forms">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('forms.form')}</Table.Th>
            <Table.Th>{t('forms.inVersion')}</Table.Th>
            <Table.Th>{t('forms.scheduled')}</Table.Th>
            <Table.Th>{t('forms.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((f) => {
            const ref = pinned.get(f.id);
            const label = activityLabel(f, f.id, i18n.language);
            return (
              <Table.Tr key={f.id} data-testid={`form-${f.identifier}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {ref ? (
                    <Text size="sm">
                      {ref.revisionId === f.latest.id
                        ? t('activities.revisionOption', {
                            number: f.latest.number,
                            status: t(`revisionStatus.${f.latest.status}`),
                          })
                        : t('forms.earlierRevision')}
                    </Text>
                  ) : (
                    <Badge variant="outline" color="gray.8" radius="sm" tt="none">
                      {t('forms.notInVersion')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{ref ? (scheduled.has(f.id) ? t('forms.yes') : t('forms.no')) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={`${to('data-capture-form/form-view')}${q(f.id)}`}
                      size="sm"
                      aria-label={t('forms.viewOf', { form: f.identifier })}
                    >
                      {t('forms.view')}
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={`${to('data-capture-form/form-versions')}${q(f.id)}`}
                      size="sm"
                      aria-label={t('forms.revisionsOf', { form: f.identifier })}
                    >
                      {t('forms.revisions')}
                    </Anchor>
                    {ref && !ro && (
                      <Anchor
                        component={Link}
                        to={`${to('data-capture-form/schedule-form')}${q(f.id)}`}
                        size="sm"
                        aria-label={t('forms.scheduleOf', { form: f.identifier })}
                      >
                        {t('forms.schedule')}
                      </Anchor>
                    )}
                    {!ref && !ro && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={state.saving}
                        aria-label={t('forms.addOf', { form: f.identifier })}
                        onClick={() => void state.save({ items: [...state.value.items, refOf(f)] })}
                      >
                        {t('forms.add')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {(state.conflict || state.error) && <SaveBar state={state} readOnly={ro} label={t('save.activities')} />}
    </Stack>
  );
}

function Unscheduled({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const inVersion = loaded.version.content.studyActivities.items.filter(
    (i) => loaded.activities.get(i.id)?.kind === 'dataCaptureForm',
  );
  const scheduled = scheduledActivityIds(loaded.version.content.schedule);
  const left = inVersion.filter((i) => !scheduled.has(i.id));
  if (inVersion.length === 0 || left.length === 0)
    return (
      <Paper withBorder p="lg" radius="md" data-testid="empty">
        <Stack gap="xs">
          <Text fw={600}>{inVersion.length === 0 ? t('unscheduled.noForms') : t('unscheduled.allScheduled')}</Text>
          <Anchor component={Link} to={to('data-capture-form')} size="sm">
            {t('unscheduled.formsLink')}
          </Anchor>
        </Stack>
      </Paper>
    );
  return (
    <Table withTableBorder verticalSpacing="sm" aria-label={t('screen.unscheduled')} data-testid="unscheduled">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('forms.form')}</Table.Th>
          <Table.Th>{t('forms.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {left.map((i) => {
          const a = loaded.activities.get(i.id);
          return (
            <Table.Tr key={i.id}>
              <Table.Td>{activityLabel(a, i.id, i18n.language)}</Table.Td>
              <Table.Td>
                {loaded.readOnly ? (
                  '—'
                ) : (
                  <Anchor
                    component={Link}
                    to={`${to('data-capture-form/schedule-form')}?activityId=${encodeURIComponent(i.id)}`}
                    size="sm"
                    aria-label={t('forms.scheduleOf', { form: a?.identifier ?? i.id })}
                  >
                    {t('forms.schedule')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function DataCaptureFormsPage() {
  return <SchedulesFrame screen="forms">{(loaded) => <Forms loaded={loaded} />}</SchedulesFrame>;
}

export function UnscheduledFormsPage() {
  return <SchedulesFrame screen="unscheduled">{(loaded) => <Unscheduled loaded={loaded} />}</SchedulesFrame>;
}
