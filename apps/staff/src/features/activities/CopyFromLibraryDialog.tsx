/**
 * "Copy from library" (C-032, C-033): a library activity picked by search becomes the study's, its newest
 * ACTIVE revision (or else its newest) copied as the first; identifier and title may be changed here.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ActivityListItem, createActivity, listActivities } from '@trialpath/contract';
import { localize } from '@trialpath/domain';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { activityBase, type ListScope } from './paths';
import { useTitleOf } from './ui';

export function CopyFromLibraryDialog(props: {
  scope: Exclude<ListScope, { kind: 'library' }>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('activities');
  const lang = useLanguage();
  const titleOf = useTitleOf();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [source, setSource] = useState<ActivityListItem | null>(null);
  const [identifier, setIdentifier] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const forms = props.scope.kind === 'forms';
  const library = useEndpointQuery(
    listActivities,
    {
      query: {
        archived: 'false',
        pageNum: 1,
        pageSize: 50,
        ...(debounced ? { search: debounced } : {}),
        ...(forms ? { kind: 'dataCaptureForm' as const } : {}),
      },
    },
    { enabled: props.opened, placeholderData: keepPreviousData },
  );
  const items = library.data?.items ?? [];
  const options = [...items, ...(source && !items.some((a) => a.id === source.id) ? [source] : [])];
  const close = () => {
    setSearch('');
    setSource(null);
    setIdentifier('');
    setTitle('');
    setErrors({});
    props.onClose();
  };
  const pick = (id: string | null) => {
    const a = options.find((x) => x.id === id) ?? null;
    setSource(a);
    setIdentifier(a?.identifier ?? '');
    setTitle(a ? localize(a.title, i18n.language) : '');
  };
  const copy = async () => {
    if (!source) return setErrors({ copyFrom: t('copy.pick') });
    setBusy(true);
    setErrors({});
    try {
      const made = await api.call(createActivity, {
        body: {
          studyId: props.scope.studyId,
          kind: forms ? 'dataCaptureForm' : source.kind,
          identifier: identifier.trim(),
          title: { ...source.title, ...(title.trim() ? { [i18n.language]: title.trim() } : {}) },
          tags: source.tags,
          groupId: source.group?.id ?? null,
          copyFrom: source.id,
        },
      });
      await invalidateEndpoints(queryClient, listActivities);
      close();
      navigate(activityBase(props.scope, made.id));
    } catch (e) {
      const fields = fieldErrorsOf(e, lang);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('copy.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="sm">
        <Text size="sm">{forms ? t('copy.introForms') : t('copy.intro')}</Text>
        <Select
          label={t('copy.source')}
          placeholder={t('copy.searchPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options.map((a) => ({ value: a.id, label: `${a.identifier} — ${titleOf(a)}` }))}
          value={source?.id ?? null}
          onChange={pick}
          nothingFoundMessage={t('copy.nothing')}
          error={errors.copyFrom}
        />
        <TextInput
          label={t('copy.identifier')}
          value={identifier}
          onChange={(e) => setIdentifier(e.currentTarget.value)}
          error={errors.identifier}
        />
        <TextInput label={t('copy.titleField')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void copy()} loading={busy}>
            {t('copy.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
