import { Button, Stack, TextInput } from '@mantine/core';
import { verifyOtp } from '@trialpath/contract';
import { ErrorAlert, useContractForm } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useFormError } from './form-error';
import { MailboxHint } from './MailboxHint';

interface Props {
  label: string;
  submitLabel: string;
  /** Sends the typed code; a refusal is shown above the field. */
  verify: (code: string) => Promise<void>;
  /** The links under the button. */
  children: ReactNode;
}

/** The code field of the verify calls (verifyOtp, verifyTwoFactor and verifyEmailChange share its rule). */
const codeForm = verifyOtp.body!.pick({ code: true });

/** A one-time code sent by e-mail or text message (second factor, password reset by code). */
export function OneTimeCodeForm({ label, submitLabel, verify, children }: Props) {
  const form = useContractForm(codeForm, { defaultValues: { code: '' } });
  const { register, handleSubmit, formState } = form;
  const failure = useFormError(form);
  const submit = handleSubmit(({ code }) => failure.run(() => verify(code.trim())));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert>{failure.error}</ErrorAlert>
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={10}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" loading={formState.isSubmitting} fullWidth>
          {submitLabel}
        </Button>
        {children}
        <MailboxHint />
      </Stack>
    </form>
  );
}
