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
      <PasswordInput
        {...shared}
        autoComplete="new-password"
        aria-describedby={rulesId}
        {...inputs.password}
        label={labels.password}
        error={errors.password}
      />
      <PasswordRuleHints password={password} id={rulesId} />
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
