import { type MessageKey, RULE_MESSAGE_PARAMS, translate } from '@trialpath/domain';
import type { NewPasswordFieldsProps } from '@trialpath/ui';
import { useState } from 'react';
import { useLang } from '../../shared/hooks';
import type { NewPasswordErrors } from './validation';

/** The new password and its confirmation as typed on the reset and change pages, with their field messages. */
export function useNewPassword() {
  const lang = useLang();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const text = (key?: MessageKey) => (key ? translate(key, RULE_MESSAGE_PARAMS, lang) : undefined);
  const fields: Omit<NewPasswordFieldsProps, 'labels' | 'rulesId'> = {
    size: 'lg',
    required: true,
    withAsterisk: false,
    password,
    errors: { password: text(errors.newPassword), confirm: text(errors.confirm) },
    inputs: {
      password: { value: password, onChange: (e) => setPassword(e.currentTarget.value) },
      confirm: { value: confirm, onChange: (e) => setConfirm(e.currentTarget.value) },
    },
  };
  return {
    password,
    confirm,
    /** Shows the field messages of a check; an empty one clears them. */
    showErrors: setErrors,
    clear: () => {
      setPassword('');
      setConfirm('');
    },
    /** The props of NewPasswordFields but its labels and rules id. */
    fields,
  };
}
