import { Stack, Text, TextInput } from '@mantine/core';
import { participantForgotUsername } from '@trialpath/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { identityFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { isPlausibleEmail } from './validation';

/** Forgot username: the username is e-mailed to the address on file (same answer whether or not it exists). */
export default function ForgotUsernamePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('forgotUsername.title'), study.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!isPlausibleEmail(email)) {
      setError(t('forgotUsername.invalidEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(participantForgotUsername, {
        body: { studyCode: study.studyCode, email: email.trim(), language: lang },
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
          <PageTitle>{t('forgotUsername.title')}</PageTitle>
          {!sent && <Text c="dimmed">{t('forgotUsername.intro')}</Text>}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {sent ? (
          <SuccessAlert>{t('forgotUsername.sent')}</SuccessAlert>
        ) : (
          <>
            <TextInput
              label={t('forgotUsername.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              size="lg"
              required
              withAsterisk={false}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PrimaryButton type="submit" loading={busy}>
              {t('forgotUsername.submit')}
            </PrimaryButton>
          </>
        )}
        <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
