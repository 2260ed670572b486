import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { checkResetToken, createPassword, resetPassword } from '@trialpath/contract';
import { isValidPassword, translate } from '@trialpath/domain';
import { notify, PasswordRuleHints, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { clientErrorMessage } from './LoginPage';

type Mode = 'reset' | 'create';

/**
 * Set a password with an e-mailed token: reset (#/reset-password/:token, and the one-time-code
 * variants) or first password of an invited user (#/create-password/:token).
 */
export function PasswordTokenPage({ mode }: { mode: Mode }) {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => api.call(checkResetToken, { params: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
  const { register, handleSubmit, watch, formState } = useForm<{ password: string; confirm: string }>({
    defaultValues: { password: '', confirm: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const password = watch('password');
  const dirty = formState.isDirty && !done;
  const guard = useUnsavedChangesGuard(dirty);

  useEffect(() => {
    if (done) navigate('/login', { replace: true });
  }, [done, navigate]);

  const lang = i18n.language;
  const title = mode === 'create' ? t('auth.createTitle') : t('auth.resetTitle');

  if (token.length < 10 || check.isError || (check.data && !check.data.valid)) {
    const reason = clientErrorMessage(check.error) ?? translate('auth.resetTokenInvalid', undefined, lang);
    return (
      <AuthCard title={t('support.expiredTitle')}>
        <Alert color="orange" variant="light" role="alert">
          {reason}
        </Alert>
        <Text size="sm">{t('support.expiredText')}</Text>
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.requestNewLink')}
        </Anchor>
      </AuthCard>
    );
  }
  if (!check.data) {
    return (
      <Center py={80} role="status">
        <Stack align="center" gap="xs">
          <Loader aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('auth.checkingLink')}
          </Text>
        </Stack>
      </Center>
    );
  }

  const submit = handleSubmit(async ({ password: pw }) => {
    setError(null);
    try {
      const endpoint = mode === 'create' ? createPassword : resetPassword;
      const r = await api.call(endpoint, { body: { token, password: pw } });
      notify(r.message ?? (mode === 'create' ? t('auth.passwordCreated') : t('auth.passwordSaved')), {
        kind: 'success',
      });
      setDone(true);
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
      title={title}
      subtitle={
        <>
          {mode === 'create' ? t('auth.createText') : t('auth.resetText')}
          {check.data.username && (
            <Text component="span" display="block" mt={4} size="sm" fw={600} c="dark.6">
              {t('auth.accountFor', { username: check.data.username })}
            </Text>
          )}
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            autoFocus
            aria-describedby="password-rules"
            error={formState.errors.password ? t('auth.passwordRulesNotMet') : undefined}
            {...register('password', { validate: (v) => isValidPassword(v) })}
          />
          <PasswordRuleHints password={password} id="password-rules" />
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            error={formState.errors.confirm ? translate('password.mismatch', undefined, lang) : undefined}
            {...register('confirm', { validate: (v, all) => v === all.password })}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {mode === 'create' ? t('auth.createPassword') : t('auth.savePassword')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
      {guard}
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  return <PasswordTokenPage mode="reset" />;
}
export function CreatePasswordPage() {
  return <PasswordTokenPage mode="create" />;
}
