import { Stack, Text } from '@mantine/core';
import { participantResetPassword } from '@trialpath/contract';
import { applyServerFieldErrors, NewPasswordFields, useContractForm, withConfirmation } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useRouteParam } from '../layout/route-params';
import { useStudy } from '../layout/study-context';

/** The new password of the reset call (the token comes from the link), with its confirmation. */
const resetPasswordForm = withConfirmation(participantResetPassword.body!.pick({ password: true }), 'password');

/** The e-mailed reset link: choose a new password with the single-use token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const token = useRouteParam('token');
  const form = useContractForm(resetPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const { register, handleSubmit, formState, watch } = form;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useDocumentTitle(t('resetPassword.title'), study.name);

  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await api.call(participantResetPassword, { body: { token, password } });
      setDone(true);
    } catch (err) {
      if (!applyServerFieldErrors(err, form, lang))
        setError(failureText(err, lang, 'auth.forgotPasswordFailed', navigator.onLine));
    }
  });

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
          size="lg"
          required
          withAsterisk={false}
          password={watch('password') ?? ''}
          errors={{ password: formState.errors.password?.message, confirm: formState.errors.confirm?.message }}
          inputs={{ password: register('password'), confirm: register('confirm') }}
        />
        <PrimaryButton type="submit" loading={formState.isSubmitting} mt="xs">
          {t('resetPassword.submit')}
        </PrimaryButton>
        <TouchLink to={login}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
