/**
 * #/studies/:studyId/messages (E-024; decision E-messages): the messages sent to participants the person sees, in the
 * page's data space, newest first — for all their sites or one (kept in the address with the page) — each opened to
 * see its recipients; and "New message" for who may manage participants.
 */
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { getParticipantListOptions, listSentMessages, type SentMessage } from '@trialpath/contract';
import { DataTable, type DataTableColumn, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { ComposeMessageDialog } from './ComposeMessageDialog';
import { SentMessageDialog, useAudienceText, useWhen } from './SentMessageDialog';

const PAGE_SIZES = [25, 50, 100] as const;

/** The site, page and page size, read from and written to the address. */
function useListState() {
  const [search, setSearch] = useSearchParams();
  const siteId = search.get('site') || null;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1);
  const size = Number.parseInt(search.get('pageSize') ?? '', 10);
  const pageSize = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : PAGE_SIZES[0];
  const set = (next: { siteId?: string | null; page?: number; pageSize?: number }) => {
    const merged = { siteId, page, pageSize, ...next };
    const params = new URLSearchParams();
    if (merged.siteId) params.set('site', merged.siteId);
    if (merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(merged.pageSize));
    setSearch(params, { replace: true });
  };
  return { siteId, page, pageSize, set };
}

function useColumns(open: (m: SentMessage) => void) {
  const { t } = useTranslation('messages');
  const when = useWhen();
  const audienceText = useAudienceText();
  const columns: DataTableColumn<SentMessage>[] = [
    { id: 'sentAt', header: t('column.sentAt'), cell: (m) => when(m.sentAt) },
    {
      id: 'subject',
      header: t('column.subject'),
      cell: (m) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => open(m)}
          aria-label={t('row.openOf', { subject: m.subject })}
        >
          {m.subject}
        </Button>
      ),
    },
    { id: 'audience', header: t('column.audience'), cell: (m) => audienceText(m) },
    {
      id: 'channels',
      header: t('column.channels'),
      cell: (m) => (
        <Group gap={4}>
          <Badge variant="light" radius="sm" tt="none" c="dark.7">
            {t('channel.portal')}
          </Badge>
          {(['email', 'sms', 'push'] as const)
            .filter((c) => m.channels[c])
            .map((c) => (
              <Badge key={c} variant="light" radius="sm" tt="none" c="dark.7">
                {`${t(`channel.${c}`)} ${m.reach[c]}`}
              </Badge>
            ))}
        </Group>
      ),
    },
    { id: 'recipients', header: t('column.recipients'), cell: (m) => m.recipients },
    { id: 'read', header: t('column.read'), cell: (m) => t('row.readOf', { read: m.read, total: m.recipients }) },
    { id: 'sentBy', header: t('column.sentBy'), cell: (m) => m.sentBy.name },
  ];
  return columns;
}

export function MessagesPage() {
  const { t } = useTranslation('messages');
  const { studyId = '' } = useParams();
  const state = useListState();
  const [composing, setComposing] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const options = useEndpointQuery(getParticipantListOptions, { params: { studyId } });
  const list = useEndpointQuery(
    listSentMessages,
    {
      params: { studyId },
      query: { ...(state.siteId ? { siteId: state.siteId } : {}), pageNum: state.page, pageSize: state.pageSize },
    },
    { placeholderData: keepPreviousData },
  );
  const columns = useColumns((m) => setOpened(m.id));
  const sites = options.data?.sites ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={28}>
            {t('page.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('page.subtitle')}
          </Text>
        </div>
        {options.data?.manage && <Button onClick={() => setComposing(true)}>{t('page.compose')}</Button>}
      </Group>
      {sites.length > 1 && (
        <Select
          label={t('page.site')}
          data={[
            { value: '', label: t('page.allSites') },
            ...sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` })),
          ]}
          value={state.siteId ?? ''}
          onChange={(v) => state.set({ siteId: v || null, page: 1 })}
          allowDeselect={false}
          maw={320}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <DataTable
        label={t('page.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(m) => m.id}
        loading={list.isPending}
        error={list.isError ? { title: t('page.loadFailed'), retry: () => void list.refetch() } : null}
        paging={
          list.data && {
            page: state.page,
            pageSize: state.pageSize,
            total: list.data.total,
            pageSizes: PAGE_SIZES,
            onPage: (page) => state.set({ page }),
            onPageSize: (pageSize) => state.set({ pageSize, page: 1 }),
          }
        }
        labels={{ count: (total) => t('page.count', { count: total }) }}
        empty={<TableEmpty title={t('page.empty')} hint={t('page.emptyHint')} />}
        minWidth={960}
      />
      <ComposeMessageDialog studyId={studyId} opened={composing} onClose={() => setComposing(false)} />
      {opened && <SentMessageDialog studyId={studyId} messageId={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
