import { NewPasswordFields } from '@trialpath/ui';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface NewPasswordForm {
  password: string;
  confirm: string;
}

/** What the pair needs of a react-hook-form form on a schema with password and confirm (`withConfirmation`). */
interface WithNewPassword {
  register(name: keyof NewPasswordForm): UseFormRegisterReturn;
  formState: { errors: FieldErrors<NewPasswordForm> };
  watch(name: 'password'): string;
}

interface Props {
  form: WithNewPassword;
  passwordLabel: string;
  autoFocus?: boolean;
  withAsterisk?: boolean;
}

/** The staff forms' new password and its confirmation; their messages come from the form's contract schema. */
export function NewPasswordPair({ form, passwordLabel, autoFocus, withAsterisk }: Props) {
  const { t } = useTranslation('auth');
  const { errors } = form.formState;
  return (
    <NewPasswordFields
      labels={{ password: passwordLabel, confirm: t('auth.confirmPassword') }}
      rulesId="password-rules"
      password={form.watch('password') ?? ''}
      withAsterisk={withAsterisk}
      errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
      inputs={{ password: { autoFocus, ...form.register('password') }, confirm: form.register('confirm') }}
    />
  );
}
