import { Alert, Anchor, Button, Center, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { checkResetToken, type OtpChallenge, sendOtp, verifyOtp } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { clientErrorMessage, MailboxHint } from './LoginPage';

/** The code page of a sent challenge: #/forgot-password-otp/{challengeId}/{masked destination}. */
export function otpCodePath(challenge: Pick<OtpChallenge, 'challengeId' | 'destination'>): string {
  return `/forgot-password-otp/${encodeURIComponent(challenge.challengeId)}/${encodeURIComponent(challenge.destination)}`;
}

/** Ask for a reset-password code for `username` by e-mail or SMS; resolves with the code page path or null. */
export async function requestResetCode(username: string, channel: 'email' | 'sms'): Promise<string | null> {
  try {
    const challenge = await api.call(sendOtp, { body: { purpose: 'reset-password', username, channel } });
    return otpCodePath(challenge);
  } catch (e) {
    const m = clientErrorMessage(e);
    if (m) notify(m, { kind: 'error' });
    return null;
  }
}

/**
 * #/forgot-password-otp/:token/:mobile? (000 §2.1, A-019): the token is the code's challenge, mobile
 * the masked destination it went to. A verified code gives a single-use reset token: the person
 * continues on the reset-password page.
 */
export function ForgotPasswordOtpPage() {
  const { t } = useTranslation();
  const { token = '', mobile } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const r = await api.call(verifyOtp, { body: { challengeId: token, code: code.trim() } });
      if (r.resetToken) navigate(`/reset-password/${encodeURIComponent(r.resetToken)}`, { replace: true });
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) {
        setError(m);
        notify(m, { kind: 'error' });
      }
    }
  });

  return (
    <AuthCard
      title={t('otp.codeTitle')}
      subtitle={mobile ? t('otp.codeText', { destination: mobile }) : t('otp.codeTextNoDestination')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('otp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={10}
            error={formState.errors.code ? t('auth.required') : undefined}
            {...register('code', { required: true, minLength: 4 })}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {t('otp.verify')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {t('otp.newCode')}
          </Anchor>
          <MailboxHint />
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * #/reset-password-send-otp/:token/:mobile? (000 §2.1, A-019): in the reset flow (token = the
 * reset link's token), send a one-time code for that account by e-mail or SMS (SMS preselected when
 * a mobile number is in the address), then the same code page.
 */
export function ResetPasswordSendOtpPage() {
  const { t, i18n } = useTranslation();
  const { token = '', mobile } = useParams();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<'email' | 'sms'>(mobile ? 'sms' : 'email');
  const [sending, setSending] = useState(false);
  const check = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => api.call(checkResetToken, { params: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });

  if (token.length < 10 || check.isError || (check.data && (!check.data.valid || !check.data.username))) {
    return (
      <AuthCard title={t('support.expiredTitle')}>
        <Alert color="orange" variant="light" role="alert">
          {clientErrorMessage(check.error) ?? translate('auth.resetTokenInvalid', undefined, i18n.language)}
        </Alert>
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.requestNewLink')}
        </Anchor>
      </AuthCard>
    );
  }
  if (!check.data) {
    return (
      <Center py={80} role="status">
        <Loader aria-label={t('auth.checkingLink')} />
      </Center>
    );
  }
  const username = check.data.username ?? '';

  const send = async () => {
    setSending(true);
    const path = await requestResetCode(username, channel);
    setSending(false);
    if (path) {
      notify(t('otp.codeSent'), { kind: 'success' });
      navigate(path);
    }
  };

  return (
    <AuthCard title={t('otp.sendCodeTitle')} subtitle={t('otp.sendCodeText', { username })}>
      <Stack gap="md">
        <Radio.Group value={channel} onChange={(v) => setChannel(v as 'email' | 'sms')} label={t('otp.code')}>
          <Stack gap="xs" mt="xs">
            <Radio value="email" label={t('otp.byEmail')} />
            <Radio value="sms" label={mobile ? `${t('otp.bySms')} (${mobile})` : t('otp.bySms')} />
          </Stack>
        </Radio.Group>
        <Button onClick={send} loading={sending} fullWidth>
          {t('otp.sendCode')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
