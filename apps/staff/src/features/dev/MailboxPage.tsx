import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listMailbox } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate } from '@trialpath/domain';
import { TreeViewer } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkify } from './linkify';
import { useEndpointQuery } from '../../shared/queries';

const STATUS_COLOURS = { pending: 'gray', sent: 'teal', failed: 'red' } as const;

function Body({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {linkify(text).map((p, i) =>
        p.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <Anchor key={i} href={p.href}>
            {p.href}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={i}>{p.text}</span>
        ),
      )}
    </Text>
  );
}

/** #/dev/mailbox (demo mode only): what the outbox would have sent, newest first. */
export function MailboxPage() {
  const { t } = useTranslation('dev');
  const [recipient, setRecipient] = useState('');
  const [debounced] = useDebouncedValue(recipient.trim(), 350);
  const mailbox = useEndpointQuery(
    listMailbox,
    { query: { recipient: debounced || undefined } },
    { refetchInterval: 10_000 },
  );
  const items = [...(mailbox.data?.items ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <Stack gap="md" maw={960} mx="auto">
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
      {mailbox.isError && (
        <Alert color="red" variant="light">
          {t('mailbox.loadError')}
        </Alert>
      )}
      {mailbox.data && items.length === 0 && (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">{t('mailbox.empty')}</Text>
        </Paper>
      )}
      {items.length > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('mailbox.count', { count: items.length })}
          </Text>
          <Accordion variant="separated" radius="md" defaultValue={items[0]?.id} chevronPosition="right">
            {items.map((m) => (
              <Accordion.Item key={m.id} value={m.id} bg="white">
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Box style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {m.subject ?? t('mailbox.noSubject')}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {t('mailbox.to')}: {m.recipient}
                      </Text>
                    </Box>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="light" color={m.channel === 'sms' ? 'grape' : 'blue'} radius="sm">
                        {t(`mailbox.channel_${m.channel}`)}
                      </Badge>
                      <Badge variant="outline" color={STATUS_COLOURS[m.status]} radius="sm">
                        {t(`mailbox.status_${m.status}`)}
                      </Badge>
                      <Text size="xs" c="dimmed" visibleFrom="sm">
                        {formatDisplayDate(m.createdAt, DATE_FORMATS.DATE_TIME)}
                      </Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    <Body text={m.body} />
                    <Box>
                      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                        {t('mailbox.details')}
                      </Text>
                      <TreeViewer
                        data={{
                          message: { id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject },
                          delivery: {
                            createdAt: m.createdAt,
                            status: m.status,
                            attempts: m.attempts,
                            sentAt: m.sentAt,
                            lastError: m.lastError,
                            bodyLength: m.body.length,
                            links: linkify(m.body).flatMap((p) => (p.kind === 'link' ? [p.href] : [])),
                          },
                        }}
                        readableKeys
                        initiallyOpen={[]}
                        label={t('mailbox.details')}
                      />
                    </Box>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </>
      )}
    </Stack>
  );
}
