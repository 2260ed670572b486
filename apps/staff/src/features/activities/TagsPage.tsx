/** #/activity-library/tags (C-028): the library's tags with how many activities carry each; rename (merge) or remove. */
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { listActivities, listActivityTags, renameActivityTag } from '@trialpath/contract';
import { foldedKey } from '@trialpath/domain';
import { notify, TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { LIBRARY_HOME } from './paths';
import { ListFrame } from './ui';

type Change = { from: string; mode: 'rename' | 'remove' };

export function TagsPage() {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const tags = useEndpointQuery(listActivityTags);
  const [change, setChange] = useState<Change | null>(null);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = tags.data?.items ?? [];
  const merging =
    change?.mode === 'rename' && items.find((i) => i.name !== change.from && foldedKey(i.name) === foldedKey(to));
  const close = () => {
    setChange(null);
    setTo('');
    setError(null);
  };
  const run = async () => {
    if (!change) return;
    if (change.mode === 'rename' && !to.trim()) return setError(t('tags.nameRequired'));
    setBusy(true);
    setError(null);
    try {
      const r = await api.call(renameActivityTag, {
        body: { from: change.from, to: change.mode === 'remove' ? null : to.trim() },
      });
      notify(t('tags.changed', { count: r.changed }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listActivityTags, listActivities);
      close();
    } catch (e) {
      setError(refusalText(e, lang, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ListFrame scope={{ kind: 'library' }} title={t('tags.title')} intro={t('tags.intro')}>
      {tags.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(tags.error, t('common.loadError'))}
        </Alert>
      )}
      {tags.data && items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <TableEmpty title={t('tags.empty')} hint={t('tags.emptyHint')} />
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Table verticalSpacing="sm" aria-label={t('tags.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tags.name')}</Table.Th>
                <Table.Th>{t('tags.count')}</Table.Th>
                <Table.Th>{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((tag) => (
                <Table.Tr key={tag.name}>
                  <Table.Td fw={600}>{tag.name}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${LIBRARY_HOME}?tag=${encodeURIComponent(tag.name)}`} size="sm">
                      {t('tags.activities', { count: tag.count })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setTo(tag.name);
                          setChange({ from: tag.name, mode: 'rename' });
                        }}
                      >
                        {t('tags.rename')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        c="red.9"
                        onClick={() => setChange({ from: tag.name, mode: 'remove' })}
                      >
                        {t('tags.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal
        opened={change !== null}
        onClose={close}
        title={
          change?.mode === 'remove'
            ? t('tags.removeTitle', { tag: change.from })
            : t('tags.renameTitle', { tag: change?.from ?? '' })
        }
        centered
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          <Stack gap="sm">
            {change?.mode === 'remove' ? (
              <Text size="sm">{t('tags.removeText')}</Text>
            ) : (
              <TextInput
                label={t('tags.newName')}
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
                description={merging ? t('tags.mergeHint', { tag: merging.name }) : t('tags.renameHint')}
                maxLength={40}
                data-autofocus
              />
            )}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy} color={change?.mode === 'remove' ? 'red' : undefined}>
                {change?.mode === 'remove' ? t('tags.remove') : merging ? t('tags.merge') : t('tags.rename')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </ListFrame>
  );
}
