import { Alert, Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPassword, forgotUsername } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { clientErrorMessage, MailboxHint } from './LoginPage';
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
      const m = clientErrorMessage(e);
      if (m) notify(m, { kind: 'error' });
    }
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="forgot-username-title">
      <Title order={2} fz="md" id="forgot-username-title">
        {t('otp.forgotUsernameTitle')}
      </Title>
      {sent ? (
        <Alert color="teal" variant="light" role="status">
          {sent}
        </Alert>
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
              {...register('email', { validate: (v) => v.trim() !== '' })}
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
  const [error, setError] = useState<string | null>(null);
  const [sendingCode, setSendingCode] = useState(false);
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<{ username: string }>({ defaultValues: { username: '' } });

  // a one-time code by text message instead of the e-mailed link.
  const sendSms = handleSubmit(async ({ username }) => {
    setError(null);
    setSendingCode(true);
    const path = await requestResetCode(username.trim(), 'sms');
    setSendingCode(false);
    if (path) navigate(path);
  });

  const submit = handleSubmit(async ({ username }) => {
    setError(null);
    try {
      const r = await api.call(forgotPassword, { body: { username: username.trim() } });
      const text = r.message ?? t('auth.forgotSent');
      setSent(text);
      notify(text, { kind: 'success' });
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) {
        setError(m);
        notify(m, { kind: 'error' });
      }
    }
  });

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={sent ? undefined : t('auth.forgotText')}>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {sent}
          </Alert>
          <MailboxHint />
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('auth.usernameOrEmail')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              error={formState.errors.username ? t('auth.required') : undefined}
              {...register('username', { required: true, validate: (v) => v.trim() !== '' })}
            />
            <Button type="submit" loading={formState.isSubmitting && !sendingCode} fullWidth>
              {t('auth.sendLink')}
            </Button>
            <Button type="button" variant="subtle" onClick={sendSms} loading={sendingCode} fullWidth>
              {t('otp.smsInstead')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
      <Divider my="xs" />
      <ForgotUsernameSection />
    </AuthCard>
  );
}
