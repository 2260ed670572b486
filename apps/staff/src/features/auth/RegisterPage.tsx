import { Button, Stack, Text, TextInput } from '@mantine/core';
import { checkUsername, registerUser } from '@trialpath/contract';
import { normalizeStaffUsername, translate } from '@trialpath/domain';
import {
  ErrorAlert,
  notify,
  PasswordRuleHints,
  useContractForm,
  useUnsavedChangesGuard,
  withConfirmation,
} from '@trialpath/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';
import { UsernameInput } from './fields';
import { NameFields } from './NameFields';
import { clientErrorMessage, toastClientError, useFormError } from './form-error';
import { InvalidLinkCard } from './InvalidLinkCard';
import { LoadingStatus } from './LoadingStatus';
import { useInvitationCheck } from './link-check';
import { NewPasswordPair } from './NewPasswordPair';

/**
 * The register call's fields but the link's token, with the password's confirmation. The username's
 * rules and availability are the server's check (checkUsername, on blur and before sending).
 */
const registerForm = withConfirmation(registerUser.body!.omit({ token: true }), 'password');

type Availability = { state: 'idle' } | { state: 'checking' } | { state: 'done'; available: boolean; message: string };

/** Debounce of the username availability check while typing (ms); blur checks at once. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

/**
 * #/register/:token (000 §2.1, §7.2; ): the invitee's link is verified, then they
 * choose a username (availability checked on blur and while typing), confirm their names and set a
 * password with the shared rule hints; afterwards the sign-in page shows a success message.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const lang = i18n.language;
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  const lastChecked = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { check, unusable } = useInvitationCheck(token);
  const form = useContractForm(registerForm, {
    defaultValues: { username: '', firstName: '', lastName: '', password: '', confirm: '' },
  });
  const { register, handleSubmit, formState, reset, getValues, watch } = form;
  const failure = useFormError(form);
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
      toastClientError(e);
      return false;
    }
  };

  if (unusable) {
    return <InvalidLinkCard reason={clientErrorMessage(check.error) ?? t('register.invalid')} explain offer="signIn" />;
  }
  if (!check.data) return <LoadingStatus text={t('support.registerChecking')} />;

  const usernameField = register('username', {
    onChange: (e: { target: { value: string } }) => {
      if (timer.current) clearTimeout(timer.current);
      const value = e.target.value;
      timer.current = setTimeout(() => void runCheck(value), USERNAME_CHECK_DEBOUNCE_MS);
    },
    onBlur: () => void runCheck(getValues('username')),
  });

  const submit = handleSubmit((v) =>
    failure.run(async () => {
      if (!(await runCheck(v.username))) return;
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
    }),
  );

  const usernameError =
    formState.errors.username?.message ||
    (availability.state === 'done' && !availability.available ? availability.message : undefined);
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.text')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert>{failure.error}</ErrorAlert>
          {check.data.email && <TextInput label={t('register.email')} value={check.data.email} readOnly disabled />}
          <UsernameInput
            label={t('register.username')}
            withAsterisk
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
          {/* The username's rules up front, as the password's are, ticked while typing. */}
          <PasswordRuleHints kind="username" password={watch('username') ?? ''} id="username-rules" />
          <NameFields form={form} />
          <NewPasswordPair form={form} passwordLabel={t('auth.password')} withAsterisk />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {t('register.submit')}
          </Button>
          <BackToSignInLink ta="center" />
        </Stack>
      </form>
      {guard}
    </AuthCard>
  );
}
