import { Button, Stack, Text } from '@mantine/core';
import { createPassword, resetPassword } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { ErrorAlert, notify, useContractForm, useUnsavedChangesGuard, withConfirmation } from '@trialpath/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { AuthCard } from './AuthCard';
import { BackToSignInLink } from './BackToSignInLink';
import { clientErrorMessage, useFormError } from './form-error';
import { InvalidLinkCard } from './InvalidLinkCard';
import { LoadingStatus } from './LoadingStatus';
import { useResetTokenCheck } from './link-check';
import { NewPasswordPair } from './NewPasswordPair';

type Mode = 'reset' | 'create';

/** The new password of the reset or create call, with its confirmation. */
const newPasswordForms = {
  reset: withConfirmation(resetPassword.body!.pick({ password: true }), 'password'),
  create: withConfirmation(createPassword.body!.pick({ password: true }), 'password'),
};

/**
 * Set a password with an e-mailed token: reset (#/reset-password/:token, and the one-time-code
 * variants) or first password of an invited user (#/create-password/:token).
 */
export function PasswordTokenPage({ mode }: { mode: Mode }) {
  const { t, i18n } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const { check, unusable } = useResetTokenCheck(token);
  const form = useContractForm(newPasswordForms[mode], {
    defaultValues: { password: '', confirm: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const failure = useFormError(form);
  const { handleSubmit, formState } = form;
  const dirty = formState.isDirty && !done;
  const guard = useUnsavedChangesGuard(dirty);

  useEffect(() => {
    if (done) navigate('/login', { replace: true });
  }, [done, navigate]);

  const title = mode === 'create' ? t('auth.createTitle') : t('auth.resetTitle');

  if (unusable) {
    const reason = clientErrorMessage(check.error) ?? translate('auth.resetTokenInvalid', undefined, i18n.language);
    return <InvalidLinkCard reason={reason} explain offer="newLink" />;
  }
  if (!check.data) return <LoadingStatus text={t('auth.checkingLink')} />;

  const submit = handleSubmit(({ password: pw }) =>
    failure.run(async () => {
      const endpoint = mode === 'create' ? createPassword : resetPassword;
      const r = await api.call(endpoint, { body: { token, password: pw } });
      notify(r.message ?? (mode === 'create' ? t('auth.passwordCreated') : t('auth.passwordSaved')), {
        kind: 'success',
      });
      setDone(true);
    }),
  );

  return (
    <AuthCard
      title={title}
      subtitle={
        <>
          {mode === 'create' ? t('auth.createText') : t('auth.resetText')}
          {check.data.username && (
            <Text component="span" display="block" mt={4} size="sm" fw={600} c="dark.6">
              {t('auth.accountFor', { username: check.data.username })}
            </Text>
          )}
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert>{failure.error}</ErrorAlert>
          <NewPasswordPair form={form} passwordLabel={t('auth.newPassword')} autoFocus />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {mode === 'create' ? t('auth.createPassword') : t('auth.savePassword')}
          </Button>
          <BackToSignInLink ta="center" />
        </Stack>
      </form>
      {guard}
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  return <PasswordTokenPage mode="reset" />;
}
export function CreatePasswordPage() {
  return <PasswordTokenPage mode="create" />;
}
