import { Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPassword, forgotUsername } from '@trialpath/contract';
import { ErrorAlert, notify, SuccessAlert, useContractForm } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';
import { UsernameInput } from './fields';
import { useFormError } from './form-error';
import { MailboxHint } from './MailboxHint';
import { requestResetCode } from './OtpPages';

/** "Forgot your username?": e-mails the usernames of the accounts with that address. */
function ForgotUsernameSection() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const form = useContractForm(forgotUsername.body!, { defaultValues: { email: '' } });
  const { register, handleSubmit, formState } = form;
  const failure = useFormError(form);
  const submit = handleSubmit(({ email }) =>
    failure.run(async () => {
      const r = await api.call(forgotUsername, { body: { email: email.trim() } });
      const text = r.message ?? t('otp.usernameSent');
      setSent(text);
      notify(text, { kind: 'success' });
    }),
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="forgot-username-title">
      <Title order={2} fz="md" id="forgot-username-title">
        {t('otp.forgotUsernameTitle')}
      </Title>
      {sent ? (
        <SuccessAlert>{sent}</SuccessAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('otp.forgotUsernameText')}
            </Text>
            <ErrorAlert>{failure.error}</ErrorAlert>
            <TextInput
              label={t('otp.email')}
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" variant="default" loading={formState.isSubmitting}>
              {t('otp.sendUsername')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** Forgot password: e-mails a reset link (the answer is the same whether or not the account exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const [sendingCode, setSendingCode] = useState(false);
  const [noPhone, setNoPhone] = useState<string | null>(null);
  const navigate = useNavigate();
  // The same field is the username of the e-mailed link and of the code by text message (sendOtp).
  const form = useContractForm(forgotPassword.body!, { defaultValues: { username: '' } });
  const { register, handleSubmit, formState } = form;
  const failure = useFormError(form);

  // a one-time code by text message instead of the e-mailed link.
  const sendSms = handleSubmit(async ({ username }) => {
    failure.clear();
    setSendingCode(true);
    const result = await requestResetCode(username.trim(), 'sms');
    setSendingCode(false);
    // No mobile number on file: said at the choice, which is then off; the e-mailed link stays.
    if (result && 'noPhone' in result) setNoPhone(result.noPhone);
    else if (result) navigate(result.path);
  });

  const submit = handleSubmit(({ username }) =>
    failure.run(async () => {
      const r = await api.call(forgotPassword, { body: { username: username.trim() } });
      const text = r.message ?? t('auth.forgotSent');
      setSent(text);
      notify(text, { kind: 'success' });
    }),
  );

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={sent ? undefined : t('auth.forgotText')}>
      {sent ? (
        <Stack gap="md">
          <SuccessAlert>{sent}</SuccessAlert>
          <MailboxHint />
          <BackToSignInLink />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorAlert>{failure.error}</ErrorAlert>
            <UsernameInput
              label={t('auth.usernameOrEmail')}
              error={formState.errors.username?.message}
              {...register('username', { onChange: () => setNoPhone(null) })}
            />
            <Button type="submit" loading={formState.isSubmitting && !sendingCode} fullWidth>
              {t('auth.sendLink')}
            </Button>
            <Button
              type="button"
              variant="subtle"
              onClick={sendSms}
              loading={sendingCode}
              disabled={noPhone !== null}
              aria-describedby={noPhone ? 'no-phone-message' : undefined}
              fullWidth
            >
              {t('otp.smsInstead')}
            </Button>
            {noPhone && (
              <Text id="no-phone-message" role="alert" size="sm" c="var(--mantine-color-error)" ta="center">
                {noPhone}
              </Text>
            )}
            <BackToSignInLink ta="center" />
          </Stack>
        </form>
      )}
      <Divider my="xs" />
      <ForgotUsernameSection />
    </AuthCard>
  );
}
