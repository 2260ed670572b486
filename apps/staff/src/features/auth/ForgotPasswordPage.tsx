import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { forgotPassword } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { clientErrorMessage, MailboxHint } from './LoginPage';

/** Forgot password: e-mails a reset link (the answer is the same whether or not the account exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ username: string }>({ defaultValues: { username: '' } });

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
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              {t('auth.sendLink')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
