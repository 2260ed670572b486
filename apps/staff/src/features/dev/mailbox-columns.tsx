import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { DATE_FORMATS, formatDisplayDate } from '@trialpath/domain';
import type { DataTableColumn } from '@trialpath/ui';
import type { TFunction } from 'i18next';
import type { MailboxMessage } from './MessageDetail';

const STATUS_COLOURS = { pending: 'gray', sent: 'teal', failed: 'red' } as const;

/** What the mailbox sorts by, column by column. */
export const MAILBOX_SORT_VALUES = {
  subject: (m: MailboxMessage) => m.subject,
  recipient: (m: MailboxMessage) => m.recipient,
  status: (m: MailboxMessage) => m.status,
  createdAt: (m: MailboxMessage) => m.createdAt,
};

/** The mailbox's columns; the subject opens and closes the message under its row. */
export function mailboxColumns(
  t: TFunction<'dev'>,
  open: { has: (id: string) => boolean; toggle: (id: string) => void },
  lang: string,
): DataTableColumn<MailboxMessage>[] {
  return [
    {
      id: 'subject',
      header: t('mailbox.subject'),
      sortable: true,
      cell: (m) => (
        <UnstyledButton
          onClick={() => open.toggle(m.id)}
          aria-expanded={open.has(m.id)}
          aria-controls={open.has(m.id) ? `message-${m.id}` : undefined}
          className="tp-sort-button"
        >
          <Group gap={6} wrap="nowrap">
            <Text span size="xs" aria-hidden="true">
              {open.has(m.id) ? '▾' : '▸'}
            </Text>
            <Text span fw={600} size="sm">
              {m.subject ?? t('mailbox.noSubject')}
            </Text>
          </Group>
        </UnstyledButton>
      ),
    },
    { id: 'recipient', header: t('mailbox.to'), sortable: true, cell: (m) => m.recipient },
    {
      id: 'channel',
      header: t('mailbox.channel'),
      cell: (m) => (
        <Badge variant="light" color={m.channel === 'sms' ? 'grape' : 'blue'} radius="sm">
          {t(`mailbox.channel_${m.channel}`)}
        </Badge>
      ),
    },
    {
      id: 'status',
      header: t('mailbox.status'),
      sortable: true,
      cell: (m) => (
        <Badge variant="outline" color={STATUS_COLOURS[m.status]} radius="sm">
          {t(`mailbox.status_${m.status}`)}
        </Badge>
      ),
    },
    {
      id: 'createdAt',
      header: t('mailbox.sent'),
      sortable: true,
      cell: (m) => (
        <Text size="sm" c="dark.5" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(m.createdAt, DATE_FORMATS.DATE_TIME, undefined, lang)}
        </Text>
      ),
    },
  ];
}
