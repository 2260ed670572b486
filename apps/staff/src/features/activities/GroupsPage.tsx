/** #/activity-library/groups (C-029): the library's groups with their activity counts; create, rename and describe, delete. */
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  type ActivityGroup,
  createActivityGroup,
  deleteActivityGroup,
  listActivities,
  listActivityGroups,
  updateActivityGroup,
} from '@trialpath/contract';
import { TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { LIBRARY_HOME } from './paths';
import { ListFrame, useDate } from './ui';

type Editing = { group: ActivityGroup | null };

function GroupDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Editing | null>(null);
  if (editing !== shown) {
    setShown(editing);
    setName(editing?.group?.name ?? '');
    setDescription(editing?.group?.description ?? '');
    setErrors({});
  }
  const save = async () => {
    setBusy(true);
    setErrors({});
    const body = { name: name.trim(), description: description.trim() || null };
    try {
      if (editing?.group) await api.call(updateActivityGroup, { params: { groupId: editing.group.id }, body });
      else await api.call(createActivityGroup, { body });
      await invalidateEndpoints(queryClient, listActivityGroups, listActivities);
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e, lang);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.group ? t('groups.editTitle', { name: editing.group.name }) : t('groups.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('groups.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={80}
            required
            data-autofocus
          />
          <Textarea
            label={t('groups.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            maxLength={500}
            autosize
            minRows={2}
          />
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('groups.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function GroupsPage() {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const date = useDate();
  const queryClient = useQueryClient();
  const groups = useEndpointQuery(listActivityGroups);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ActivityGroup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = groups.data?.items ?? [];
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(deleteActivityGroup, { params: { groupId: deleting.id } });
      await invalidateEndpoints(queryClient, listActivityGroups);
      setDeleting(null);
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ListFrame scope={{ kind: 'library' }} title={t('groups.title')} intro={t('groups.intro')}>
      <Group>
        <Button onClick={() => setEditing({ group: null })}>{t('groups.create')}</Button>
      </Group>
      {groups.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(groups.error, t('common.loadError'))}
        </Alert>
      )}
      {groups.data && items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <TableEmpty title={t('groups.empty')} hint={t('groups.emptyHint')} />
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Table verticalSpacing="sm" aria-label={t('groups.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groups.name')}</Table.Th>
                <Table.Th>{t('groups.description')}</Table.Th>
                <Table.Th>{t('groups.count')}</Table.Th>
                <Table.Th>{t('list.updated')}</Table.Th>
                <Table.Th>{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td fw={600}>{g.name}</Table.Td>
                  <Table.Td>{g.description ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${LIBRARY_HOME}?group=${g.id}`} size="sm">
                      {t('tags.activities', { count: g.activityCount })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{date(g.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="light" onClick={() => setEditing({ group: g })}>
                        {t('groups.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red.9" c="red.9" onClick={() => setDeleting(g)}>
                        {t('groups.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <GroupDialog editing={editing} onClose={() => setEditing(null)} />
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          setError(null);
        }}
        title={t('groups.deleteTitle', { name: deleting?.name ?? '' })}
        centered
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('groups.deleteText')}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              {t('groups.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ListFrame>
  );
}
