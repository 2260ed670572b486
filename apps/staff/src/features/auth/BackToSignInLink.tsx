import { Anchor, type AnchorProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToSignInLink({ ta }: Pick<AnchorProps, 'ta'>) {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to="/login" size="sm" ta={ta}>
      {t('auth.backToSignIn')}
    </Anchor>
  );
}
