import { Stack, Text } from '@mantine/core';
import { participantResetPassword } from '@trialpath/contract';
import { NewPasswordFields } from '@trialpath/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useRouteParam } from '../layout/route-params';
import { useStudy } from '../layout/study-context';
import { useNewPassword } from './new-password';
import { checkNewPassword } from './validation';

/** The e-mailed reset link: choose a new password with the single-use token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const token = useRouteParam('token');
  const pair = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('resetPassword.title'), study.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errors = checkNewPassword(pair.password, pair.confirm);
    pair.showErrors(errors);
    if (errors.newPassword || errors.confirm) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(participantResetPassword, { body: { token, password: pair.password } });
      setDone(true);
    } catch (err) {
      setError(failureText(err, lang, 'auth.forgotPasswordFailed', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  const login = studyPath(study.studyCode, PAGES.login);
  if (done) {
    return (
      <Stack gap="md">
        <PageTitle>{t('resetPassword.title')}</PageTitle>
        <SuccessAlert>{t('resetPassword.done')}</SuccessAlert>
        <TouchLink to={login}>{t('login.submit')}</TouchLink>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t('resetPassword.title')}</PageTitle>
          <Text c="dimmed">{t('resetPassword.intro')}</Text>
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        <NewPasswordFields
          labels={{ password: t('resetPassword.newPassword'), confirm: t('resetPassword.confirmPassword') }}
          rulesId="reset-password-rules"
          {...pair.fields}
        />
        <PrimaryButton type="submit" loading={busy} mt="xs">
          {t('resetPassword.submit')}
        </PrimaryButton>
        <TouchLink to={login}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
