/**
 * The frame of every schedules screen: the way back to the study, the navigation between the version's
 * activity screens, the title and its introduction, the version shown (read-only unless it is the draft),
 * and loading and failure states; the screen itself gets what was loaded.
 */
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { type Loaded, usePlanData, useStudyPath } from './data';

export const NAV = [
  { id: 'activities', path: 'customize/activities' },
  { id: 'activityOrder', path: 'customize/activity-order' },
  { id: 'surveys', path: 'customize/surveys' },
  { id: 'epros', path: 'customize/epros' },
  { id: 'edros', path: 'customize/edros' },
  { id: 'packets', path: 'customize/packets' },
  { id: 'forms', path: 'data-capture-form' },
  { id: 'unscheduled', path: 'data-capture-form/unschedule-forms' },
] as const;

export type ScreenId =
  | (typeof NAV)[number]['id']
  | 'formView'
  | 'formVersions'
  | 'scheduleForm'
  | 'schedulePacket'
  | 'packet';

export function SchedulesFrame({ screen, children }: { screen: ScreenId; children: (d: Loaded) => ReactNode }) {
  const { t } = useTranslation('schedules');
  const { studyId = '' } = useParams();
  const { pathname } = useLocation();
  const to = useStudyPath(studyId);
  const data = usePlanData(studyId);
  const version = data.version.data;
  const loaded: Loaded | null =
    version && data.study.data && data.activities.data
      ? {
          studyId,
          version,
          readOnly: version.status !== 'DRAFT',
          languages: data.study.data.languages.length > 0 ? data.study.data.languages : ['en'],
          activities: new Map(data.activities.data.items.map((a) => [a.id, a])),
        }
      : null;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Anchor component={Link} to={to('dashboard')} size="sm">
        ← {data.study.data?.name ?? t('frame.study')}
      </Anchor>
      <Group component="nav" aria-label={t('frame.nav')} gap="sm" wrap="wrap">
        {NAV.map((n) => {
          const href = to(n.path);
          const current = pathname === href;
          return (
            <Anchor
              key={n.id}
              component={Link}
              to={href}
              size="sm"
              className="tp-nav-link"
              aria-current={current ? 'page' : undefined}
              data-active={current || undefined}
            >
              {t(`screen.${n.id}`)}
            </Anchor>
          );
        })}
      </Group>
      <div>
        <Title order={1} fz={26}>
          {t(`screen.${screen}`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`intro.${screen}`)}
        </Text>
      </div>
      {data.failed ? (
        <Alert color="red" variant="light" title={t('frame.loadError')}>
          <Button size="xs" variant="light" onClick={data.retry}>
            {t('frame.retry')}
          </Button>
        </Alert>
      ) : data.noVersion ? (
        <Alert color="gray" variant="light">
          {t('frame.noVersion')}
        </Alert>
      ) : loaded ? (
        <>
          <Text size="sm" data-testid="version-shown">
            {t('frame.version', { name: loaded.version.name, status: t(`status.${loaded.version.status}`) })}
          </Text>
          {loaded.readOnly && (
            <Alert color="blue" variant="light" data-testid="read-only">
              {t('frame.readOnly')}
            </Alert>
          )}
          {/* A new version (or a reload of it) starts the screen afresh. */}
          <div key={loaded.version.id} style={{ display: 'contents' }}>
            {children(loaded)}
          </div>
        </>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('frame.loading')}</Text>
        </Group>
      )}
    </Stack>
  );
}

/** Conflict, refusal and the save button of a section editor; nothing on a read-only version. */
/** What the save bar needs of a section's state (useSection). */
export interface SaveBarState {
  conflict: boolean;
  reload: () => Promise<void>;
  kept: unknown;
  putBack: () => void;
  discardKept: () => void;
  error: string | null;
  dirty: boolean;
  saving: boolean;
  save: () => Promise<boolean>;
  guard: ReactNode;
}

export function SaveBar({
  state,
  readOnly,
  label,
  blocked,
}: {
  state: SaveBarState;
  readOnly: boolean;
  label: string;
  /** A reason the section cannot be saved yet (a field shows what). */
  blocked?: string | null;
}) {
  const { t } = useTranslation('schedules');
  if (readOnly) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {state.conflict && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs">
              <Text size="sm">{t('save.conflict')}</Text>
              <Group>
                <Button size="xs" color="red.9" onClick={() => void state.reload()}>
                  {t('save.reload')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {state.kept != null && (
          <Alert color="blue" variant="light">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{t('save.kept')}</Text>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={state.putBack}>
                  {t('save.putBack')}
                </Button>
                <Button size="xs" variant="subtle" onClick={state.discardKept}>
                  {t('save.discard')}
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        {state.error && <ErrorAlert>{state.error}</ErrorAlert>}
        {blocked && (
          <Text size="sm" c="red.9" role="status">
            {blocked}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite">
            {state.dirty ? t('save.unsaved') : t('save.clean')}
          </Text>
          <Button
            onClick={() => void state.save()}
            loading={state.saving}
            disabled={state.conflict || !state.dirty || Boolean(blocked)}
          >
            {label}
          </Button>
        </Group>
      </Stack>
      {state.guard}
    </Paper>
  );
}
