import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type LoginResponse, resendTwoFactor, type StaffUser, staffLogin, verifyTwoFactor } from '@trialpath/contract';
import { normalizeStaffUsername } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { redirectAfterSignIn } from '../../app/guard';
import { ApiRequestError, api } from '../../shared/api';
import { useSignedIn } from '../../shared/session';
import { useClientQuery } from '../../shared/startup';
import { storage } from '../../shared/storage';
import { AuthCard } from './AuthCard';
import { afterSignInPath, startSession } from './session-start';

type Challenge = Exclude<LoginResponse, { nextStep: 'Tokens' }>;

/** The message of a refused sign-in call (4xx): the server's, which carries the spec text. */
export function clientErrorMessage(e: unknown): string | null {
  if (e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.body?.message) return e.body.message;
  return null;
}

function MailboxHint() {
  const { t } = useTranslation();
  const client = useClientQuery();
  if (!client.data?.demoMode) return null;
  return (
    <Alert color="blue" variant="light" p="sm">
      <Text size="sm">
        {t('auth.demoMailboxHint')}{' '}
        <Anchor component={Link} to="/dev/mailbox" size="sm" target="_blank">
          {t('auth.openMailbox')}
        </Anchor>
      </Text>
    </Alert>
  );
}
export { MailboxHint };

function CodeStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: Challenge;
  onDone: (r: unknown) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const r = await api.call(verifyTwoFactor, { body: { challengeId: challenge.challengeId, code: code.trim() } });
      onDone(r);
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) {
        setError(m);
        notify(m, { kind: 'error' });
      }
    }
  });
  const resend = async () => {
    try {
      await api.call(resendTwoFactor, { body: { challengeId: challenge.challengeId } });
      notify(t('auth.codeResent'), { kind: 'success' });
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) notify(m, { kind: 'error' });
    }
  };
  const text =
    challenge.nextStep === 'TwoFARequest'
      ? t('auth.twoFactorText', { channel: t(`auth.channel_${challenge.channel}`), destination: challenge.destination })
      : t('auth.verifyIdentityText');
  return (
    <AuthCard title={t('auth.twoFactorTitle')} subtitle={text}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={10}
            error={formState.errors.code ? t('auth.required') : undefined}
            {...register('code', { required: true, minLength: 4 })}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {t('auth.verify')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={resend}>
              {t('auth.resend')}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              {t('auth.backToSignIn')}
            </Anchor>
          </Group>
          <MailboxHint />
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Staff sign-in (000 §7.3): username lowercased, optional second factor. */
export function LoginPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const { register, handleSubmit, formState } = useForm<{ username: string; password: string }>({
    defaultValues: { username: '', password: '' },
  });
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const target = redirectAfterSignIn(params.get('redirectTo'));

  if (signedIn) {
    const user = storage.getUser<StaffUser>();
    return <Navigate to={user ? afterSignInPath(user, target) : target} replace />;
  }

  const finish = (r: unknown) => {
    const { tokens, user } = r as Extract<LoginResponse, { nextStep: 'Tokens' }>;
    startSession(queryClient, tokens, user);
    navigate(afterSignInPath(user, target), { replace: true });
  };

  if (challenge) return <CodeStep challenge={challenge} onDone={finish} onBack={() => setChallenge(null)} />;

  const submit = handleSubmit(async ({ username, password }) => {
    setError(null);
    try {
      const r = await api.call(staffLogin, {
        body: {
          username: normalizeStaffUsername(username),
          password,
          isWebPortal: true,
          strictWebLogin: true,
          publicIp: null,
        },
      });
      if (r.nextStep === 'Tokens') finish(r);
      else setChallenge(r);
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) {
        setError(m);
        notify(m, { kind: 'error' });
      }
    }
  });

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {typeof notice === 'string' && !error && (
            <Alert color="teal" variant="light" role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            error={formState.errors.username ? t('auth.required') : undefined}
            {...register('username', { required: true, validate: (v) => v.trim() !== '' })}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            error={formState.errors.password ? t('auth.required') : undefined}
            {...register('password', { required: true })}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth size="md">
            {t('auth.signIn')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {t('auth.forgotPassword')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
