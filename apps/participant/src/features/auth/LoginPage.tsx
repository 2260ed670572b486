import { Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiRequestError, participantLogin } from '@trialpath/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { profileResource } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api, deviceId, session } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** Participant sign-in to the study of the link (web-portal flag, stored device id). */
export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('login.title'), study.name);
  const code = study.studyCode;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api.call(participantLogin, {
        body: { studyCode: code, username: username.trim(), password, deviceId: deviceId(), isWebPortal: true },
      });
      profileResource.forget();
      session.set({
        pid: res.tokens.pid || res.participant.pid,
        participantId: res.participant.participantId,
        username: res.participant.username,
        studyCode: code,
        accessToken: res.tokens.accessToken,
        refreshToken: res.tokens.refreshToken,
      });
      navigate(studyPath(code, PAGES.home), { replace: true });
    } catch (err) {
      // A refused password is cleared; after a network failure the person can simply try again.
      if (!(err instanceof ApiRequestError) || err.status > 0) setPassword('');
      setError(failureText(err, lang, 'auth.invalidCredentials', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t('login.title')}</PageTitle>
          <Text c="dimmed">{t('login.intro')}</Text>
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        <TextInput
          label={t('login.username')}
          size="lg"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          withAsterisk={false}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          size="lg"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PrimaryButton type="submit" loading={busy} mt="xs">
          {t('login.submit')}
        </PrimaryButton>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <TouchLink to={studyPath(code, PAGES.forgotUsername)}>{t('login.forgotUsername')}</TouchLink>
          <TouchLink to={studyPath(code, PAGES.forgotPassword)}>{t('login.forgotPassword')}</TouchLink>
        </Group>
      </Stack>
    </form>
  );
}
