/** What a channel did for a recipient, as a small badge: the channel's name, its state in the tooltip and label. */
import { Badge, Group } from '@mantine/core';
import type { DeliveryState } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';

const COLOR: Record<DeliveryState, string> = {
  NOT_CHOSEN: 'gray',
  QUEUED: 'blue',
  SENT: 'teal',
  FAILED: 'red',
  NO_ADDRESS: 'yellow',
  UNSUBSCRIBED: 'yellow',
  NO_NUMBER: 'yellow',
  NOT_OPTED_IN: 'yellow',
  NO_DEVICE: 'yellow',
  NOTIFICATIONS_OFF: 'yellow',
};

export function DeliveryBadge(props: { channel: 'email' | 'sms' | 'push'; state: DeliveryState }) {
  const { t } = useTranslation('messages');
  const text = `${t(`channel.${props.channel}`)}: ${t(`delivery.${props.state}`)}`;
  return (
    <Badge color={COLOR[props.state]} variant="light" radius="sm" tt="none" c="dark.7" title={text}>
      {text}
    </Badge>
  );
}

/** The three channels' badges of one recipient; channels not chosen are left out. */
export function DeliveryBadges(props: { email: DeliveryState; sms: DeliveryState; push: DeliveryState }) {
  const channels = (['email', 'sms', 'push'] as const).filter((c) => props[c] !== 'NOT_CHOSEN');
  if (channels.length === 0) return null;
  return (
    <Group gap={4}>
      {channels.map((c) => (
        <DeliveryBadge key={c} channel={c} state={props[c]} />
      ))}
    </Group>
  );
}
