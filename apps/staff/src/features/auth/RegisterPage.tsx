import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { checkUsername, registerUser, verifyUser } from '@trialpath/contract';
import {
  checkUsername as usernameRules,
  isValidPassword,
  normalizeStaffUsername,
  RULE_MESSAGE_PARAMS,
  translate,
} from '@trialpath/domain';
import { notify, PasswordRuleHints, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { clientErrorMessage } from './LoginPage';

interface RegisterForm {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  confirm: string;
}

type Availability = { state: 'idle' } | { state: 'checking' } | { state: 'done'; available: boolean; message: string };

/** Debounce of the username availability check while typing (ms); blur checks at once. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

/**
 * #/register/:token (000 §2.1, §7.2; ): the invitee's link is verified, then they
 * choose a username (availability checked on blur and while typing), confirm their names and set a
 * password with the shared rule hints; afterwards the sign-in page shows a success message.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  const lastChecked = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const check = useQuery({
    queryKey: ['verify-user', token],
    queryFn: () => api.call(verifyUser, { body: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
  const { register, handleSubmit, watch, formState, reset, getValues } = useForm<RegisterForm>({
    defaultValues: { username: '', firstName: '', lastName: '', password: '', confirm: '' },
  });
  const password = watch('password');
  const guard = useUnsavedChangesGuard(formState.isDirty && !done);

  useEffect(() => {
    if (check.data?.valid)
      reset({
        username: '',
        firstName: check.data.firstName ?? '',
        lastName: check.data.lastName ?? '',
        password: '',
        confirm: '',
      });
  }, [check.data, reset]);

  useEffect(() => {
    if (done) navigate('/login', { replace: true, state: { notice: t('register.done') } });
  }, [done, navigate, t]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const runCheck = async (raw: string): Promise<boolean> => {
    const username = normalizeStaffUsername(raw);
    if (timer.current) clearTimeout(timer.current);
    if (username === '') {
      setAvailability({ state: 'idle' });
      lastChecked.current = null;
      return false;
    }
    if (lastChecked.current === username && availability.state === 'done') return availability.available;
    lastChecked.current = username;
    setAvailability({ state: 'checking' });
    try {
      const r = await api.call(checkUsername, { body: { token, username } });
      if (lastChecked.current !== username) return r.available;
      setAvailability({
        state: 'done',
        available: r.available,
        message: r.message ?? (r.available ? t('register.available') : translate('username.taken', undefined, lang)),
      });
      return r.available;
    } catch (e) {
      setAvailability({ state: 'idle' });
      lastChecked.current = null;
      const m = clientErrorMessage(e);
      if (m) notify(m, { kind: 'error' });
      return false;
    }
  };

  if (token.length < 10 || check.isError || (check.data && !check.data.valid)) {
    return (
      <AuthCard title={t('support.expiredTitle')}>
        <Alert color="orange" variant="light" role="alert">
          {clientErrorMessage(check.error) ?? t('register.invalid')}
        </Alert>
        <Text size="sm">{t('support.expiredText')}</Text>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToSignIn')}
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
            {t('support.registerChecking')}
          </Text>
        </Stack>
      </Center>
    );
  }

  const usernameField = register('username', {
    validate: (v) => {
      const failed = usernameRules(normalizeStaffUsername(v));
      return failed.length === 0 || translate(failed[0]!, RULE_MESSAGE_PARAMS, lang);
    },
    onChange: (e: { target: { value: string } }) => {
      if (timer.current) clearTimeout(timer.current);
      const value = e.target.value;
      timer.current = setTimeout(() => void runCheck(value), USERNAME_CHECK_DEBOUNCE_MS);
    },
    onBlur: () => void runCheck(getValues('username')),
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    if (!(await runCheck(v.username))) return;
    try {
      await api.call(registerUser, {
        body: {
          token,
          username: normalizeStaffUsername(v.username),
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          password: v.password,
        },
      });
      notify(t('register.done'), { kind: 'success' });
      setDone(true);
    } catch (e) {
      const m = clientErrorMessage(e);
      if (m) {
        setError(m);
        notify(m, { kind: 'error' });
      }
    }
  });

  const usernameError =
    formState.errors.username?.message ||
    (availability.state === 'done' && !availability.available ? availability.message : undefined);
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.text')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {check.data.email && <TextInput label={t('register.email')} value={check.data.email} readOnly disabled />}
          <TextInput
            label={t('register.username')}
            withAsterisk
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            error={usernameError}
            description={
              availability.state === 'checking' ? (
                t('register.checking')
              ) : availability.state === 'done' && availability.available ? (
                <Text component="span" size="xs" c="teal.9" role="status">
                  {availability.message}
                </Text>
              ) : undefined
            }
            {...usernameField}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('profile.firstName')}
              withAsterisk
              autoComplete="given-name"
              error={formState.errors.firstName ? t('auth.required') : undefined}
              {...register('firstName', { validate: (v) => v.trim() !== '' })}
            />
            <TextInput
              label={t('profile.lastName')}
              withAsterisk
              autoComplete="family-name"
              error={formState.errors.lastName ? t('auth.required') : undefined}
              {...register('lastName', { validate: (v) => v.trim() !== '' })}
            />
          </SimpleGrid>
          <PasswordInput
            label={t('auth.password')}
            withAsterisk
            autoComplete="new-password"
            aria-describedby="password-rules"
            error={formState.errors.password ? t('auth.passwordRulesNotMet') : undefined}
            {...register('password', { validate: (v) => isValidPassword(v) })}
          />
          <PasswordRuleHints password={password} id="password-rules" />
          <PasswordInput
            label={t('auth.confirmPassword')}
            withAsterisk
            autoComplete="new-password"
            error={formState.errors.confirm ? translate('password.mismatch', undefined, lang) : undefined}
            {...register('confirm', { validate: (v, all) => v === all.password })}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {t('register.submit')}
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
