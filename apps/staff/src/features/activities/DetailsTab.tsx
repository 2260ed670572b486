/**
 * An activity's details (C-031): identifier, tags and group (saved with the activity's revision read),
 * its revisions with their status, and archive or restore.
 */
import { Alert, Anchor, Button, Group, Paper, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import {
  type ActivityDetail,
  getActivity,
  listActivities,
  listActivityGroups,
  listActivityTags,
  updateActivity,
} from '@trialpath/contract';
import { MAX_TAGS } from '@trialpath/domain';
import { notify, useLanguage, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { activityBase, scopeOf } from './paths';
import { ArchivePanel, Revisions } from './RevisionsPanel';
import { useDate } from './ui';

function Fields({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const tags = useEndpointQuery(listActivityTags);
  const groups = useEndpointQuery(listActivityGroups);
  const initial = { identifier: activity.identifier, tags: activity.tags, groupId: activity.group?.id ?? null };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedChangesGuard(dirty);
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const saved = await api.call(updateActivity, {
        params: { activityId: activity.id },
        body: {
          revision: activity.revision,
          identifier: values.identifier.trim(),
          tags: values.tags,
          groupId: values.groupId,
        },
      });
      setValues({ identifier: saved.identifier, tags: saved.tags, groupId: saved.group?.id ?? null });
      await invalidateEndpoints(queryClient, getActivity, listActivities, listActivityTags, listActivityGroups);
      notify(t('details.saved'), { kind: 'success' });
    } catch (e) {
      const fields = fieldErrorsOf(e, lang);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  const readOnly = activity.archived;
  return (
    <Paper withBorder radius="md" p="md">
      {guard}
      <Title order={2} fz="lg" mb="sm">
        {t('details.fields')}
      </Title>
      <Stack gap="sm">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('create.identifier')}
            description={t('create.identifierHint')}
            value={values.identifier}
            onChange={(e) => setValues((v) => ({ ...v, identifier: e.currentTarget.value }))}
            error={errors.identifier}
            readOnly={readOnly}
            w={300}
          />
          <Select
            label={t('create.group')}
            placeholder={t('create.noGroup')}
            data={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={values.groupId}
            onChange={(groupId) => setValues((v) => ({ ...v, groupId }))}
            clearable
            readOnly={readOnly}
            error={errors.groupId}
            w={280}
          />
        </Group>
        <TagsInput
          label={t('create.tags')}
          description={t('create.tagsHint')}
          data={(tags.data?.items ?? []).map((tag) => tag.name)}
          value={values.tags}
          onChange={(list) => setValues((v) => ({ ...v, tags: list }))}
          maxTags={MAX_TAGS}
          readOnly={readOnly}
          error={errors.tags}
        />
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
              {t('details.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function DetailsTab({ activity, base }: { activity: ActivityDetail; base: string }) {
  const { t } = useTranslation('activities');
  const date = useDate();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('details.created', { when: date(activity.createdAt), who: activity.createdBy.name })}
        {activity.copiedFrom && (
          <>
            {' · '}
            {t('details.copiedFrom')}{' '}
            <Anchor
              component={Link}
              to={activityBase(scopeOf({ studyId: null, kind: activity.kind }), activity.copiedFrom.id)}
              size="sm"
              underline="always"
            >
              {activity.copiedFrom.identifier}
            </Anchor>
          </>
        )}
      </Text>
      <Fields key={`${activity.id}-${activity.revision}`} activity={activity} />
      <Revisions activity={activity} base={base} />
      <ArchivePanel activity={activity} />
    </Stack>
  );
}
