import { Anchor, Group } from '@mantine/core';
import { type LoginResponse, resendTwoFactor, verifyTwoFactor } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { toastClientError } from './form-error';
import { OneTimeCodeForm } from './OneTimeCodeForm';

/** The step between the password (or the provider) and the session: a code sent by e-mail or SMS. */
export type SignInChallenge = Exclude<LoginResponse, { nextStep: 'Tokens' }>;

/** Asks for the sign-in code (second factor, or the new address's code after an e-mail change). */
export function SignInCodeStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: SignInChallenge;
  onDone: (r: unknown) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const verify = async (code: string) => {
    onDone(await api.call(verifyTwoFactor, { body: { challengeId: challenge.challengeId, code } }));
  };
  const resend = async () => {
    try {
      await api.call(resendTwoFactor, { body: { challengeId: challenge.challengeId } });
      notify(t('auth.codeResent'), { kind: 'success' });
    } catch (e) {
      toastClientError(e);
    }
  };
  const text =
    challenge.nextStep === 'TwoFARequest'
      ? t('auth.twoFactorText', { channel: t(`auth.channel_${challenge.channel}`), destination: challenge.destination })
      : t('auth.verifyIdentityText');
  return (
    <AuthCard title={t('auth.twoFactorTitle')} subtitle={text}>
      <OneTimeCodeForm label={t('auth.code')} submitLabel={t('auth.verify')} verify={verify}>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={resend}>
            {t('auth.resend')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Group>
      </OneTimeCodeForm>
    </AuthCard>
  );
}
