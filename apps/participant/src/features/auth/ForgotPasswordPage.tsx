import { Stack, Text, TextInput } from '@mantine/core';
import { participantForgotPassword } from '@trialpath/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { identityFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** Forgot password: a reset link (#/participants/web/{code}/reset-password/{token}) is e-mailed. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('forgotPassword.title'), study.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!username.trim()) {
      setError(t('forgotPassword.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(participantForgotPassword, {
        body: { studyCode: study.studyCode, username: username.trim(), language: lang },
      });
      setSent(true);
    } catch (err) {
      setError(identityFailureText(err, 'forgotPassword', lang, navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t('forgotPassword.title')}</PageTitle>
          {!sent && <Text c="dimmed">{t('forgotPassword.intro')}</Text>}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {sent ? (
          <SuccessAlert>{t('forgotPassword.sent')}</SuccessAlert>
        ) : (
          <>
            <TextInput
              label={t('forgotPassword.username')}
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
            <PrimaryButton type="submit" loading={busy}>
              {t('forgotPassword.submit')}
            </PrimaryButton>
          </>
        )}
        <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
