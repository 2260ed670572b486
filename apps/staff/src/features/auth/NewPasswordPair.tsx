import { isValidPassword, translate } from '@trialpath/domain';
import { NewPasswordFields } from '@trialpath/ui';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface NewPasswordForm {
  password: string;
  confirm: string;
}

/** What the pair needs of a react-hook-form form: any form with password and confirm fits. */
interface WithNewPassword {
  register: (
    name: keyof NewPasswordForm,
    options: { validate: (v: string, form: NewPasswordForm) => boolean },
  ) => UseFormRegisterReturn;
  formState: { errors: FieldErrors<NewPasswordForm> };
  watch: (name: 'password') => string;
}

interface Props {
  form: WithNewPassword;
  passwordLabel: string;
  autoFocus?: boolean;
  withAsterisk?: boolean;
}

/** The staff forms' new password and its confirmation, held to the domain's password rule. */
export function NewPasswordPair({ form, passwordLabel, autoFocus, withAsterisk }: Props) {
  const { t, i18n } = useTranslation();
  const { errors } = form.formState;
  return (
    <NewPasswordFields
      labels={{ password: passwordLabel, confirm: t('auth.confirmPassword') }}
      rulesId="password-rules"
      password={form.watch('password')}
      withAsterisk={withAsterisk}
      errors={{
        password: errors.password ? t('auth.passwordRulesNotMet') : undefined,
        confirm: errors.confirm ? translate('password.mismatch', undefined, i18n.language) : undefined,
      }}
      inputs={{
        password: { autoFocus, ...form.register('password', { validate: (v) => isValidPassword(v) }) },
        confirm: form.register('confirm', { validate: (v, all) => v === all.password }),
      }}
    />
  );
}
