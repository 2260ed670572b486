/** "New activity" (C-027, C-032, C-033): kind, identifier, title in the person's language, tags, group. */
import { Alert, Button, Drawer, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { createActivity, listActivities, listActivityGroups, listActivityTags } from '@trialpath/contract';
import { type ActivityType, MAX_TAGS } from '@trialpath/domain';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { activityBase, kindsOf, type ListScope } from './paths';
import { useLanguageName } from './ui';

const EMPTY = { identifier: '', title: '', tags: [] as string[], groupId: null as string | null };

export function NewActivityDrawer(props: { scope: ListScope; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('activities');
  const lang = useLanguage();
  const languageName = useLanguageName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kinds = kindsOf(props.scope);
  const tags = useEndpointQuery(listActivityTags, {}, { enabled: props.opened });
  const groups = useEndpointQuery(listActivityGroups, {}, { enabled: props.opened });
  const [kind, setKind] = useState<ActivityType>(kinds[0] ?? 'survey');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<typeof EMPTY>) => setValues((v) => ({ ...v, ...change }));
  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setRefusal(null);
    props.onClose();
  };
  const create = async () => {
    setBusy(true);
    setErrors({});
    setRefusal(null);
    try {
      const title = values.title.trim();
      const made = await api.call(createActivity, {
        body: {
          ...(props.scope.kind === 'library' ? {} : { studyId: props.scope.studyId }),
          kind,
          identifier: values.identifier.trim(),
          title: title ? { [i18n.language]: title } : {},
          tags: values.tags,
          groupId: values.groupId,
        },
      });
      await invalidateEndpoints(queryClient, listActivities, listActivityTags, listActivityGroups);
      close();
      navigate(`${activityBase(props.scope, made.id)}/questions`);
    } catch (e) {
      const fields = fieldErrorsOf(e, lang);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setRefusal(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      opened={props.opened}
      onClose={close}
      position="right"
      title={t('create.title')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('create.kind')}
            data={kinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as ActivityType)}
            allowDeselect={false}
            error={errors.kind}
          />
          <TextInput
            label={t('create.identifier')}
            description={t('create.identifierHint')}
            value={values.identifier}
            onChange={(e) => set({ identifier: e.currentTarget.value })}
            error={errors.identifier}
            required
            data-autofocus
          />
          <TextInput
            label={t('create.titleField', { language: languageName(i18n.language) })}
            description={t('create.titleHint')}
            value={values.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title ?? errors[`title.${i18n.language}`]}
          />
          <TagsInput
            label={t('create.tags')}
            description={t('create.tagsHint')}
            data={(tags.data?.items ?? []).map((tag) => tag.name)}
            value={values.tags}
            onChange={(v) => set({ tags: v })}
            maxTags={MAX_TAGS}
            error={errors.tags}
          />
          <Select
            label={t('create.group')}
            placeholder={t('create.noGroup')}
            data={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={values.groupId}
            onChange={(v) => set({ groupId: v })}
            clearable
            error={errors.groupId}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
