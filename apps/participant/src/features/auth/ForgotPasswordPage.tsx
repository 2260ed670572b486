import { TextInput } from '@mantine/core';
import { participantForgotPassword } from '@trialpath/contract';
import { useContractForm } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api, storage } from '../../shared/portal';
import { useStudy } from '../layout/study-context';
import { forgotPasswordBody } from './recovery-request';
import { RecoveryRequestForm } from './RecoveryRequestForm';

const forgotPasswordForm = participantForgotPassword.body!.pick({ username: true });

/**
 * Forgot password: a reset link (#/participants/web/{code}/reset-password/{token}) is e-mailed. The request
 * names the user type, the request kind and the country chosen on the language page (decision D-085).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { study } = useStudy();
  const form = useContractForm(forgotPasswordForm, { defaultValues: { username: '' } });
  return (
    <RecoveryRequestForm
      textKey="forgotPassword"
      form={form}
      send={({ username }, { studyCode, language }) =>
        api.call(participantForgotPassword, {
          body: forgotPasswordBody({ studyCode, username, language }, study.countries, storage),
        })
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
