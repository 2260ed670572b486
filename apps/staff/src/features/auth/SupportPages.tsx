import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';

/** An explanation with the two ways on: the forgot-password page and sign-in. */
function HelpCard({ title, text, forgotLink }: { title: string; text: string; forgotLink: string }) {
  return (
    <AuthCard title={title}>
      <Text size="sm">{text}</Text>
      <Group gap="lg">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {forgotLink}
        </Anchor>
        <BackToSignInLink />
      </Group>
    </AuthCard>
  );
}

/** #/expire-link: a password or invitation link that can no longer be used. */
export function ExpireLinkPage() {
  const { t } = useTranslation('auth');
  return (
    <HelpCard title={t('support.expiredTitle')} text={t('support.expiredText')} forgotLink={t('auth.requestNewLink')} />
  );
}

/** #/get-create-username-link: how to get a new account link. */
export function GetCreateUsernameLinkPage() {
  const { t } = useTranslation('auth');
  return (
    <HelpCard title={t('support.getLinkTitle')} text={t('support.getLinkText')} forgotLink={t('auth.forgotPassword')} />
  );
}
