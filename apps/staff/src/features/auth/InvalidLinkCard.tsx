import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';

interface Props {
  /** Why the link cannot be used (the server's message when it gave one). */
  reason: string;
  /** Also say that such links expire. */
  explain?: boolean;
  /** Where the person goes instead: a new link, or back to sign-in. */
  offer: 'newLink' | 'signIn';
}

/** A password or invitation link that can no longer be used. */
export function InvalidLinkCard({ reason, explain = false, offer }: Props) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('support.expiredTitle')}>
      <Alert color="orange" variant="light" role="alert">
        {reason}
      </Alert>
      {explain && <Text size="sm">{t('support.expiredText')}</Text>}
      {offer === 'newLink' ? (
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.requestNewLink')}
        </Anchor>
      ) : (
        <BackToSignInLink />
      )}
    </AuthCard>
  );
}
