import { PasswordInput, Stack } from '@mantine/core';
import { participantChangePassword } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { applyServerFieldErrors, NewPasswordFields, notify, useContractForm, withConfirmation } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { changePasswordFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** The change call's body (the new password follows the rule and differs from the current one) and its confirmation. */
const changePasswordForm = withConfirmation(participantChangePassword.body!, 'proposedPassword');
const EMPTY = { previousPassword: '', proposedPassword: '', confirm: '' };

/** Change password (current, new, confirm) for the signed-in participant; spec 001 §5 rule and §8 errors. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const form = useContractForm(changePasswordForm, { defaultValues: EMPTY });
  const { register, handleSubmit, formState, watch, reset } = form;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useDocumentTitle(t('changePassword.title'), study.name);

  /**
   * Spec 001 §8: no stored token → 'Unable to change password. Please try again later!'. Missing inputs
   * are the fields' own problem: each says it is required, at the field (issue 8).
   */
  const noSession = () => {
    if (session?.accessToken) return false;
    setError(translate('auth.changePasswordFailed', undefined, lang));
    return true;
  };

  const submit = handleSubmit(
    async ({ previousPassword, proposedPassword }) => {
      setDone(false);
      setError(null);
      if (noSession()) return;
      try {
        await api.call(participantChangePassword, { body: { previousPassword, proposedPassword } });
        reset(EMPTY);
        setDone(true);
        notify(t('changePassword.done'), { kind: 'success' });
      } catch (err) {
        // A field's message (a wrong current password, a rule) goes on the field, focused and scrolled to.
        if (!applyServerFieldErrors(err, form, lang)) setError(changePasswordFailureText(err, lang, navigator.onLine));
      }
    },
    () => {
      setDone(false);
      setError(null);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PageTitle>{t('changePassword.title')}</PageTitle>
        <ErrorAlert>{error}</ErrorAlert>
        {done && <SuccessAlert>{t('changePassword.done')}</SuccessAlert>}
        <PasswordInput
          label={t('changePassword.previousPassword')}
          size="lg"
          autoComplete="current-password"
          required
          withAsterisk={false}
          error={formState.errors.previousPassword?.message}
          {...register('previousPassword')}
        />
        <NewPasswordFields
          labels={{ password: t('changePassword.newPassword'), confirm: t('changePassword.confirmPassword') }}
          rulesId="new-password-rules"
          size="lg"
          required
          withAsterisk={false}
          password={watch('proposedPassword') ?? ''}
          errors={{ password: formState.errors.proposedPassword?.message, confirm: formState.errors.confirm?.message }}
          inputs={{ password: register('proposedPassword'), confirm: register('confirm') }}
        />
        <PrimaryButton type="submit" loading={formState.isSubmitting} mt="xs">
          {t('changePassword.submit')}
        </PrimaryButton>
        <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{t('nav.backToHome')}</TouchLink>
      </Stack>
    </form>
  );
}
