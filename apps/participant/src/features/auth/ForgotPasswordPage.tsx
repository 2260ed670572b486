import { TextInput } from '@mantine/core';
import { participantForgotPassword } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { RecoveryRequestForm } from './RecoveryRequestForm';

/** Forgot password: a reset link (#/participants/web/{code}/reset-password/{token}) is e-mailed. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <RecoveryRequestForm
      textKey="forgotPassword"
      validate={(v) => (v.trim() ? null : t('forgotPassword.required'))}
      send={(username, { studyCode, language }) =>
        api.call(participantForgotPassword, { body: { studyCode, username, language } })
      }
      field={(value, onChange) => (
        <TextInput
          label={t('forgotPassword.username')}
          size="lg"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          withAsterisk={false}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    />
  );
}
