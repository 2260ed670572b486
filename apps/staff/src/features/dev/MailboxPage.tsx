import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listMailbox } from '@trialpath/contract';
import { DataTable, useLocalTable } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { MAILBOX_SORT_VALUES, mailboxColumns } from './mailbox-columns';
import { type MailboxMessage, MessageDetail } from './MessageDetail';

/** #/dev/mailbox (demo mode only): what the outbox would have sent, newest first; the newest is open. */
export function MailboxPage() {
  const { t, i18n } = useTranslation('dev');
  const [recipient, setRecipient] = useState('');
  const [debounced] = useDebouncedValue(recipient.trim(), 350);
  const mailbox = useEndpointQuery(
    listMailbox,
    { query: { recipient: debounced || undefined } },
    { refetchInterval: 10_000 },
  );
  const table = useLocalTable(mailbox.data?.items, {
    sortValues: MAILBOX_SORT_VALUES,
    initialSort: { column: 'createdAt', direction: 'desc' },
  });
  // Opened and closed by hand; until then the newest message is open.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const newest = mailbox.data?.items.reduce<MailboxMessage | undefined>(
    (a, m) => (!a || m.createdAt > a.createdAt ? m : a),
    undefined,
  );
  const open = {
    has: (id: string) => toggled[id] ?? id === newest?.id,
    toggle: (id: string) => setToggled((s) => ({ ...s, [id]: !open.has(id) })),
  };

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            {t('mailbox.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={620}>
            {t('mailbox.intro')}
          </Text>
        </div>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('mailbox.filter')}
            type="search"
            value={recipient}
            onChange={(e) => setRecipient(e.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Button variant="default" onClick={() => mailbox.refetch()}>
            {t('mailbox.refresh')}
          </Button>
        </Group>
      </Group>
      <DataTable
        label={t('mailbox.title')}
        columns={mailboxColumns(t, open, i18n.language)}
        rows={table.rows}
        rowKey={(m) => m.id}
        loading={mailbox.isLoading}
        error={mailbox.isError ? { title: t('mailbox.loadError'), retry: () => mailbox.refetch() } : null}
        empty={<Text c="dimmed">{t('mailbox.empty')}</Text>}
        sort={table.sort}
        onSort={table.onSort}
        paging={table.paging}
        detail={(m) =>
          open.has(m.id) && (
            <div id={`message-${m.id}`}>
              <MessageDetail m={m} />
            </div>
          )
        }
        minWidth={760}
        labels={{ count: (count) => t('mailbox.count', { count }) }}
      />
    </Stack>
  );
}
