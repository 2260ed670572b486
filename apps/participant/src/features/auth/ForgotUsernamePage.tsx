import { TextInput } from '@mantine/core';
import { participantForgotUsername } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { RecoveryRequestForm } from './RecoveryRequestForm';
import { isPlausibleEmail } from './validation';

/** Forgot username: the username is e-mailed to the address on file (same answer whether or not it exists). */
export default function ForgotUsernamePage() {
  const { t } = useTranslation();
  return (
    <RecoveryRequestForm
      textKey="forgotUsername"
      validate={(v) => (isPlausibleEmail(v) ? null : t('forgotUsername.invalidEmail'))}
      send={(email, { studyCode, language }) =>
        api.call(participantForgotUsername, { body: { studyCode, email, language } })
      }
      field={(value, onChange) => (
        <TextInput
          label={t('forgotUsername.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          size="lg"
          required
          withAsterisk={false}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    />
  );
}
