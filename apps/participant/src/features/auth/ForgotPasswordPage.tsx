import { TextInput } from '@mantine/core';
import { participantForgotPassword } from '@trialpath/contract';
import { useContractForm } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { RecoveryRequestForm } from './RecoveryRequestForm';

const forgotPasswordForm = participantForgotPassword.body!.pick({ username: true });

/** Forgot password: a reset link (#/participants/web/{code}/reset-password/{token}) is e-mailed. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useContractForm(forgotPasswordForm, { defaultValues: { username: '' } });
  return (
    <RecoveryRequestForm
      textKey="forgotPassword"
      form={form}
      send={({ username }, { studyCode, language }) =>
        api.call(participantForgotPassword, { body: { studyCode, username: username.trim(), language } })
      }
    >
      <TextInput
        label={t('forgotPassword.username')}
        size="lg"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        withAsterisk={false}
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
    </RecoveryRequestForm>
  );
}
