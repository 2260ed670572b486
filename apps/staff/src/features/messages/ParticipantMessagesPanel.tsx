/**
 * A participant's messages (E-015; decision E-messages), for the participant profile's tabs: every message the study
 * team sent them in this data space, newest first, with who sent it, what each channel did and whether they read it
 * in the portal; and "Send a message" to them for who may manage participants. Loads its own texts.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { listParticipantMessages } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { ComposeMessageDialog } from './ComposeMessageDialog';
import { DeliveryBadges } from './delivery';
import { useWhen } from './SentMessageDialog';

export function ParticipantMessagesPanel(props: {
  studyId: string;
  participant: { id: string; participantId: string };
  /** Offer "Send a message" (the person may manage participants here). */
  mayManage: boolean;
}) {
  // the namespace is loaded here: the profile that shows the panel belongs to another feature
  const { t, ready } = useTranslation('messages', { useSuspense: false });
  const when = useWhen();
  const [composing, setComposing] = useState(false);
  const list = useEndpointQuery(listParticipantMessages, {
    params: { studyId: props.studyId, participantId: props.participant.id },
  });
  if (!ready) return null;
  const items = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz={20}>
          {t('panel.title')}
        </Title>
        {props.mayManage && <Button onClick={() => setComposing(true)}>{t('panel.send')}</Button>}
      </Group>
      {list.isError && (
        <Alert color="red" variant="light">
          {t('panel.loadFailed')}
        </Alert>
      )}
      {list.data && items.length === 0 && <Text c="dimmed">{t('panel.empty')}</Text>}
      {items.length > 0 && (
        <Stack gap="xs" component="ul" aria-label={t('panel.listLabel')} style={{ listStyle: 'none', padding: 0 }}>
          {items.map((m) => (
            <Card component="li" key={m.id} withBorder padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{m.subject}</Text>
                  <Badge color={m.readAt ? 'teal' : 'gray'} variant="light" radius="sm" tt="none" c="dark.7">
                    {m.readAt ? t('panel.read', { when: when(m.readAt) }) : t('panel.unread')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('panel.sentBy', { name: m.sentBy.name, when: when(m.sentAt) })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.body}
                </Text>
                <DeliveryBadges email={m.email} sms={m.sms} push={m.push} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <ComposeMessageDialog
        studyId={props.studyId}
        participant={props.participant}
        opened={composing}
        onClose={() => setComposing(false)}
      />
    </Stack>
  );
}
