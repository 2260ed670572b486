import { Button, Stack, TextInput } from '@mantine/core';
import { ErrorAlert } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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

/** A one-time code sent by e-mail or text message (second factor, password reset by code). */
export function OneTimeCodeForm({ label, submitLabel, verify, children }: Props) {
  const { t } = useTranslation();
  const failure = useFormError();
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
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
          error={formState.errors.code ? t('auth.required') : undefined}
          {...register('code', { required: true, minLength: 4 })}
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
