import { PasswordInput } from '@mantine/core';
import { PasswordRuleHints } from '@trialpath/ui';

interface Props {
  labels: { password: string; confirm: string };
  /** Id of the rule-hint list the new-password field points to. */
  rulesId: string;
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}

/** New password with the shared rule hints, and its confirmation: the pair both reset and change use. */
export function NewPasswordFields(p: Props) {
  return (
    <>
      <PasswordInput
        label={p.labels.password}
        size="lg"
        autoComplete="new-password"
        required
        withAsterisk={false}
        aria-describedby={p.rulesId}
        error={p.errors.password}
        value={p.password}
        onChange={(e) => p.onPasswordChange(e.currentTarget.value)}
      />
      <PasswordRuleHints password={p.password} id={p.rulesId} />
      <PasswordInput
        label={p.labels.confirm}
        size="lg"
        autoComplete="new-password"
        required
        withAsterisk={false}
        error={p.errors.confirm}
        value={p.confirm}
        onChange={(e) => p.onConfirmChange(e.currentTarget.value)}
      />
    </>
  );
}
