import { Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiRequestError, participantLogin } from '@trialpath/contract';
import { applyServerFieldErrors, useContractForm } from '@trialpath/ui';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { changeLanguage } from '../../i18n';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api, deviceId, session, storage } from '../../shared/portal';
import { LANGUAGE_KEY, languageAfterSignIn } from '../../shared/storage';
import { ErrorAlert, PageTitle, PrimaryButton, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** Open enrolment's "Join the study", and the way to the code screen of an account not verified yet (D-055, D-057). */
const JoinStudy = lazy(() => import('../enrol/JoinStudy').catch(() => ({ default: () => null })));
type Unverified = { pid: string; verificationMethod: 'email' | 'phone' };
const ConfirmAccountLink = lazy(async (): Promise<{ default: ComponentType<Unverified> }> => {
  try {
    return { default: (await import('../enrol/JoinStudy')).ConfirmAccountLink };
  } catch {
    return { default: () => null };
  }
});

/** The account a sign-in refused as not verified names (its password was right), or null. */
function unverifiedAccount(err: unknown): Unverified | null {
  if (!(err instanceof ApiRequestError) || err.body?.code !== 'NOT_VERIFIED') return null;
  const d = err.body.details as { pid?: unknown; verificationMethod?: unknown } | undefined;
  if (typeof d?.pid !== 'string') return null;
  return { pid: d.pid, verificationMethod: d.verificationMethod === 'phone' ? 'phone' : 'email' };
}

/** The fields a participant types of the sign-in call's body. */
const loginForm = participantLogin.body!.pick({ username: true, password: true });

/** Participant sign-in to the study of the link (web-portal flag, stored device id). */
export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<ReturnType<typeof unverifiedAccount>>(null);
  const form = useContractForm(loginForm, { defaultValues: { username: '', password: '' } });
  const { register, handleSubmit, formState, resetField } = form;
  useDocumentTitle(t('login.title'), study.name);
  const code = study.studyCode;

  const submit = handleSubmit(async ({ username, password }) => {
    setError(null);
    setUnverified(null);
    try {
      // The session's change empties the cache of participant reads (shared/data.ts).
      const res = await api.call(participantLogin, {
        body: { studyCode: code, username: username.trim(), password, deviceId: deviceId(), isWebPortal: true },
      });
      session.set({
        pid: res.tokens.pid || res.participant.pid,
        participantId: res.participant.participantId,
        username: res.participant.username,
        studyCode: code,
        accessToken: res.tokens.accessToken,
        refreshToken: res.tokens.refreshToken,
      });
      // a device that holds no language choice takes the participant's own (D-020)
      const language = languageAfterSignIn(storage, res.participant.languageId, study.languages);
      if (language) {
        storage.setItem(LANGUAGE_KEY, language);
        await changeLanguage(language);
      }
      navigate(studyPath(code, PAGES.home), { replace: true });
    } catch (err) {
      // A refused password is cleared; after a network failure the person can simply try again.
      if (!(err instanceof ApiRequestError) || err.status > 0) resetField('password');
      setUnverified(unverifiedAccount(err));
      if (!applyServerFieldErrors(err, form, lang))
        setError(failureText(err, lang, 'auth.invalidCredentials', navigator.onLine));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t('login.title')}</PageTitle>
          <Text c="dimmed">{t('login.intro')}</Text>
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {unverified && (
          <Suspense fallback={null}>
            <ConfirmAccountLink {...unverified} />
          </Suspense>
        )}
        <TextInput
          label={t('login.username')}
          size="lg"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          withAsterisk={false}
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label={t('login.password')}
          size="lg"
          autoComplete="current-password"
          required
          withAsterisk={false}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <PrimaryButton type="submit" loading={formState.isSubmitting} mt="xs">
          {t('login.submit')}
        </PrimaryButton>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <TouchLink to={studyPath(code, PAGES.forgotUsername)}>{t('login.forgotUsername')}</TouchLink>
          <TouchLink to={studyPath(code, PAGES.forgotPassword)}>{t('login.forgotPassword')}</TouchLink>
        </Group>
        <Suspense fallback={null}>
          <JoinStudy onJoin={() => navigate(studyPath(code, PAGES.join))} />
        </Suspense>
      </Stack>
    </form>
  );
}
