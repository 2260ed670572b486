import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';

/** #/expire-link: a password or invitation link that can no longer be used. */
export function ExpireLinkPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('support.expiredTitle')}>
      <Text size="sm">{t('support.expiredText')}</Text>
      <Group gap="lg">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.requestNewLink')}
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToSignIn')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

/** #/get-create-username-link: how to get a new account link. */
export function GetCreateUsernameLinkPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('support.getLinkTitle')}>
      <Text size="sm">{t('support.getLinkText')}</Text>
      <Group gap="lg">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.forgotPassword')}
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToSignIn')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
