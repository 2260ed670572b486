import { Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPassword, forgotUsername } from '@trialpath/contract';
import { ErrorAlert, notify, SuccessAlert } from '@trialpath/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';
import { notBlank, UsernameInput } from './fields';
import { toastClientError, useFormError } from './form-error';
import { MailboxHint } from './MailboxHint';
import { requestResetCode } from './OtpPages';

/** "Forgot your username?": e-mails the usernames of the accounts with that address. */
function ForgotUsernameSection() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const submit = handleSubmit(async ({ email }) => {
    try {
      const r = await api.call(forgotUsername, { body: { email: email.trim() } });
      const text = r.message ?? t('otp.usernameSent');
      setSent(text);
      notify(text, { kind: 'success' });
    } catch (e) {
      toastClientError(e);
    }
  });
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
            <TextInput
              label={t('otp.email')}
              type="email"
              autoComplete="email"
              error={formState.errors.email ? t('auth.required') : undefined}
              {...register('email', { validate: notBlank })}
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
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const failure = useFormError();
  const [sendingCode, setSendingCode] = useState(false);
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<{ username: string }>({ defaultValues: { username: '' } });

  // a one-time code by text message instead of the e-mailed link.
  const sendSms = handleSubmit(async ({ username }) => {
    failure.clear();
    setSendingCode(true);
    const path = await requestResetCode(username.trim(), 'sms');
    setSendingCode(false);
    if (path) navigate(path);
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
              error={formState.errors.username ? t('auth.required') : undefined}
              {...register('username', { required: true, validate: notBlank })}
            />
            <Button type="submit" loading={formState.isSubmitting && !sendingCode} fullWidth>
              {t('auth.sendLink')}
            </Button>
            <Button type="button" variant="subtle" onClick={sendSms} loading={sendingCode} fullWidth>
              {t('otp.smsInstead')}
            </Button>
            <BackToSignInLink ta="center" />
          </Stack>
        </form>
      )}
      <Divider my="xs" />
      <ForgotUsernameSection />
    </AuthCard>
  );
}
