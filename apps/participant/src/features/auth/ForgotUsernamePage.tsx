import { TextInput } from '@mantine/core';
import { participantForgotUsername } from '@trialpath/contract';
import { useContractForm } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { RecoveryRequestForm } from './RecoveryRequestForm';

const forgotUsernameForm = participantForgotUsername.body!.pick({ email: true });

/** Forgot username: the username is e-mailed to the address on file (same answer whether or not it exists). */
export default function ForgotUsernamePage() {
  const { t } = useTranslation();
  const form = useContractForm(forgotUsernameForm, { defaultValues: { email: '' } });
  return (
    <RecoveryRequestForm
      textKey="forgotUsername"
      form={form}
      send={({ email }, { studyCode, language }) =>
        api.call(participantForgotUsername, { body: { studyCode, email, language } })
      }
    >
      <TextInput
        label={t('forgotUsername.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        size="lg"
        required
        withAsterisk={false}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
    </RecoveryRequestForm>
  );
}
