import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { PasswordRuleHints } from './PasswordRuleHints';

/** How one input is tied to its form: a controlled value and onChange, or a form library's registration. */
export type PasswordInputBinding = Omit<PasswordInputProps, 'label' | 'error'> & { ref?: Ref<HTMLInputElement> };

export interface NewPasswordFieldsProps extends Pick<PasswordInputProps, 'size' | 'required' | 'withAsterisk'> {
  labels: { password: string; confirm: string };
  /** Id of the rule-hint list the new-password field points to. */
  rulesId: string;
  /** The new password as typed, for the live rule hints. */
  password: string;
  errors: { password?: string; confirm?: string };
  inputs: { password: PasswordInputBinding; confirm: PasswordInputBinding };
}

/** New password with the shared rule hints, and its confirmation: the pair of every set-a-password form. */
export function NewPasswordFields({ labels, rulesId, password, errors, inputs, ...shared }: NewPasswordFieldsProps) {
  return (
    <>
      {/* The rule hints are the field's description, so Mantine points aria-describedby at them (it overwrites
          one passed directly); shown under the field, after its error, as before. */}
      <PasswordInput
        {...shared}
        autoComplete="new-password"
        {...inputs.password}
        label={labels.password}
        error={errors.password}
        description={<PasswordRuleHints password={password} />}
        descriptionProps={{ id: rulesId, component: 'div' } as PasswordInputProps['descriptionProps']}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
      />
      <PasswordInput
        {...shared}
        autoComplete="new-password"
        {...inputs.confirm}
        label={labels.confirm}
        error={errors.confirm}
      />
    </>
  );
}
