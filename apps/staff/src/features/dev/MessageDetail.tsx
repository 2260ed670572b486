import { Anchor, Box, Stack, Text } from '@mantine/core';
import type { listMailbox, ResponseOf } from '@trialpath/contract';
import { TreeViewer } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { linkify } from './linkify';

export type MailboxMessage = ResponseOf<typeof listMailbox>['items'][number];

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

/** A message's text (links followable) and its delivery record. */
export function MessageDetail({ m }: { m: MailboxMessage }) {
  const { t } = useTranslation('dev');
  return (
    <Stack gap="md" py="xs">
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
  );
}
