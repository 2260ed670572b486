/** The editor's state and its Save (C-031): unsaved or saved, the problems found, a refusal with the way on. */
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import type { ActivityRevision } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import type { Refusal } from './useDraftForm';
import { WARNING_BADGE_COLOR } from '../../../shared/colors';

export function SaveBar(props: {
  revision: ActivityRevision;
  dirty: boolean;
  saving: boolean;
  problems: number;
  /** Set after a save was refused for problems: the sentence says where they are. */
  refusedFor: string | null;
  refusal: Refusal | null;
  onSave: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('activities');
  return (
    <>
      <Paper
        withBorder
        radius="md"
        p="sm"
        pos="sticky"
        // Under the portal's fixed header while the page scrolls.
        style={{ top: 'var(--app-shell-header-offset, 0rem)', zIndex: 5 }}
        shadow="xs"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {t('builder.revision', { number: props.revision.number })}
            </Text>
            <Text size="sm" c={props.dirty ? WARNING_BADGE_COLOR : 'dimmed'} role="status">
              {props.dirty ? t('builder.unsaved') : t('builder.allSaved')}
            </Text>
            {props.problems > 0 && (
              <Text size="sm" c="red.8">
                {t('builder.problems', { count: props.problems })}
              </Text>
            )}
          </Group>
          <Button onClick={props.onSave} loading={props.saving} disabled={!props.dirty && !props.refusedFor}>
            {t('builder.save')}
          </Button>
        </Group>
      </Paper>
      {props.refusedFor && (
        <Alert color="red" variant="light" role="alert" title={t('builder.notSaved')}>
          {props.refusedFor}
        </Alert>
      )}
      {props.refusal && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{props.refusal.text}</Text>
          {props.refusal.conflict && (
            <Button size="xs" variant="default" mt="xs" onClick={props.onReload}>
              {t('builder.reload')}
            </Button>
          )}
        </Alert>
      )}
    </>
  );
}
