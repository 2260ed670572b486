import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientQuery } from '../../shared/startup';

/** In demo mode nothing is sent: points to the demo mailbox where the codes and links arrive. */
export function MailboxHint() {
  const { t } = useTranslation('auth');
  const client = useClientQuery();
  if (!client.data?.demoMode) return null;
  return (
    <Alert color="blue" variant="light" p="sm">
      <Text size="sm">
        {t('auth.demoMailboxHint')}{' '}
        <Anchor component={Link} to="/dev/mailbox" size="sm" target="_blank">
          {t('auth.openMailbox')}
        </Anchor>
      </Text>
    </Alert>
  );
}
