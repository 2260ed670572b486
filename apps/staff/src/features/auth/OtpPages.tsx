import { Anchor, Button, Center, Loader, Radio, Stack, Text } from '@mantine/core';
import { type OtpChallenge, sendOtp, verifyOtp } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError, api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';
import { clientErrorMessage, toastClientError } from './form-error';
import { InvalidLinkCard } from './InvalidLinkCard';
import { useResetTokenCheck } from './link-check';
import { OneTimeCodeForm } from './OneTimeCodeForm';

/** The code page of a sent challenge: #/forgot-password-otp/{challengeId}/{masked destination}. */
export function otpCodePath(challenge: Pick<OtpChallenge, 'challengeId' | 'destination'>): string {
  return `/forgot-password-otp/${encodeURIComponent(challenge.challengeId)}/${encodeURIComponent(challenge.destination)}`;
}

/** What asking for a code gave: the code page, or the account has no mobile number (409 NO_PHONE_ON_FILE), or a toasted failure. */
export type ResetCodeResult = { path: string } | { noPhone: string } | null;

/**
 * Ask for a reset-password code for `username` by e-mail or SMS. An account without a mobile number
 * answers NO_PHONE_ON_FILE on the field `channel`: its message is returned for the screen to show at
 * the choice (with e-mail offered); other refusals are toasted.
 */
export async function requestResetCode(username: string, channel: 'email' | 'sms'): Promise<ResetCodeResult> {
  try {
    const challenge = await api.call(sendOtp, { body: { purpose: 'reset-password', username, channel } });
    return { path: otpCodePath(challenge) };
  } catch (e) {
    if (e instanceof ApiRequestError && e.body?.code === 'NO_PHONE_ON_FILE')
      return { noPhone: clientErrorMessage(e) ?? e.body.message };
    toastClientError(e);
    return null;
  }
}

/**
 * #/forgot-password-otp/:token/:mobile? (000 §2.1, A-019): the token is the code's challenge, mobile
 * the masked destination it went to. A verified code gives a single-use reset token: the person
 * continues on the reset-password page.
 */
export function ForgotPasswordOtpPage() {
  const { t } = useTranslation('auth');
  const { token = '', mobile } = useParams();
  const navigate = useNavigate();
  const verify = async (code: string) => {
    const r = await api.call(verifyOtp, { body: { challengeId: token, code } });
    if (r.resetToken) navigate(`/reset-password/${encodeURIComponent(r.resetToken)}`, { replace: true });
  };

  return (
    <AuthCard
      title={t('otp.codeTitle')}
      subtitle={mobile ? t('otp.codeText', { destination: mobile }) : t('otp.codeTextNoDestination')}
    >
      <OneTimeCodeForm label={t('otp.code')} submitLabel={t('otp.verify')} verify={verify}>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          {t('otp.newCode')}
        </Anchor>
      </OneTimeCodeForm>
    </AuthCard>
  );
}

/**
 * #/reset-password-send-otp/:token/:mobile? (000 §2.1, A-019): in the reset flow (token = the
 * reset link's token), send a one-time code for that account by e-mail or SMS (SMS preselected when
 * a mobile number is in the address), then the same code page.
 */
export function ResetPasswordSendOtpPage() {
  const { t, i18n } = useTranslation('auth');
  const { token = '', mobile } = useParams();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<'email' | 'sms'>(mobile ? 'sms' : 'email');
  const [sending, setSending] = useState(false);
  const [noPhone, setNoPhone] = useState<string | null>(null);
  const { check, unusable } = useResetTokenCheck(token);

  if (unusable || (check.data && !check.data.username)) {
    const reason = clientErrorMessage(check.error) ?? translate('auth.resetTokenInvalid', undefined, i18n.language);
    return <InvalidLinkCard reason={reason} offer="newLink" />;
  }
  if (!check.data) {
    return (
      <Center py={80} role="status">
        <Loader role="img" aria-label={t('auth.checkingLink')} />
      </Center>
    );
  }
  const username = check.data.username ?? '';

  const send = async () => {
    setSending(true);
    const result = await requestResetCode(username, channel);
    setSending(false);
    if (result && 'noPhone' in result) {
      // No mobile number on file: say so at the choice, take text message away and choose e-mail.
      setNoPhone(result.noPhone);
      setChannel('email');
    } else if (result) {
      notify(t('otp.codeSent'), { kind: 'success' });
      navigate(result.path);
    }
  };

  return (
    <AuthCard title={t('otp.sendCodeTitle')} subtitle={t('otp.sendCodeText', { username })}>
      <Stack gap="md">
        <Radio.Group
          value={channel}
          onChange={(v) => setChannel(v as 'email' | 'sms')}
          label={t('otp.code')}
          error={noPhone}
          errorProps={{ role: 'alert' }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="email" label={t('otp.byEmail')} />
            <Radio
              value="sms"
              disabled={noPhone !== null}
              label={mobile ? `${t('otp.bySms')} (${mobile})` : t('otp.bySms')}
            />
          </Stack>
        </Radio.Group>
        <Button onClick={send} loading={sending} fullWidth>
          {t('otp.sendCode')}
        </Button>
        <Text size="sm" ta="center">
          <BackToSignInLink />
        </Text>
      </Stack>
    </AuthCard>
  );
}
