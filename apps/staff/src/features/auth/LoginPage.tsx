import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type LoginResponse, type StaffUser, staffLogin } from '@trialpath/contract';
import { normalizeStaffUsername } from '@trialpath/domain';
import { ErrorAlert, SuccessAlert, useContractForm } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { useSignedIn } from '../../shared/session';
import { storage } from '../../shared/storage';
import { AuthCard } from './AuthCard';
import { UsernameInput } from './fields';
import { useFormError } from './form-error';
import { afterSignInPath, startSession, redirectAfterSignIn } from './session-start';
import { type SignInChallenge, SignInCodeStep } from './SignInCodeStep';

/** The sign-in form: the fields a person types of the sign-in call's body. */
const signInForm = staffLogin.body!.pick({ username: true, password: true });

/** Staff sign-in (000 §7.3): username lowercased, optional second factor. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const form = useContractForm(signInForm, { defaultValues: { username: '', password: '' } });
  const { register, handleSubmit, formState } = form;
  const failure = useFormError(form);
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

  if (challenge) return <SignInCodeStep challenge={challenge} onDone={finish} onBack={() => setChallenge(null)} />;

  const submit = handleSubmit(({ username, password }) =>
    failure.run(async () => {
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
    }),
  );

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {typeof notice === 'string' && !failure.error && <SuccessAlert>{notice}</SuccessAlert>}
          <ErrorAlert>{failure.error}</ErrorAlert>
          <UsernameInput
            label={t('auth.username')}
            error={formState.errors.username?.message}
            {...register('username')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password')}
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
