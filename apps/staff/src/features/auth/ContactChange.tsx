import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKeyOf, getProfile, type OtpChallenge, type StaffUser } from '@trialpath/contract';
import { ErrorAlert, notify } from '@trialpath/ui';
import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { storage } from '../../shared/storage';
import { useFormError } from './form-error';
import { OneTimeCodeForm } from './OneTimeCodeForm';

interface ContactChangeProps<V extends FieldValues & { currentPassword: string }> {
  /** Names the section's heading element (`${id}-heading`) and the current value's test id (`current-${id}`). */
  id: string;
  heading: string;
  current: ReactNode;
  openLabel: string;
  hint?: ReactNode;
  /** Above the first step: what happens. */
  text: string;
  form: UseFormReturn<V>;
  /** The new address's fields; the current password follows them. */
  fields: ReactNode;
  send: (values: V) => Promise<OtpChallenge>;
  /** Checks the code and answers the changed profile. */
  confirm: (challengeId: string, code: string) => Promise<StaffUser>;
  confirmLabel: string;
  changedText: string;
}

/**
 * Changing a contact of the profile (decision 0028): the new value with the current password, then a code
 * sent to the new value; the profile everywhere is then the changed one.
 */
export function ContactChange<V extends FieldValues & { currentPassword: string }>(p: ContactChangeProps<V>) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const { register, handleSubmit, formState, reset } = p.form;
  const failure = useFormError(p.form);

  const close = () => {
    setOpen(false);
    setChallenge(null);
    reset();
  };

  const send = handleSubmit((v) =>
    failure.run(async () => {
      setChallenge(await p.send(v));
      notify(t('otp.codeSent'), { kind: 'success' });
    }),
  );

  const verify = async (code: string) => {
    const user = await p.confirm(challenge!.challengeId, code);
    queryClient.setQueriesData({ queryKey: endpointKeyOf(getProfile) }, user);
    storage.setUser({ ...(storage.getUser<StaffUser>() ?? {}), ...user });
    notify(p.changedText, { kind: 'success' });
    close();
  };

  const cancel = (
    <Button variant="subtle" onClick={close}>
      {t('mobile.cancel')}
    </Button>
  );
  const passwordError = formState.errors.currentPassword?.message;
  return (
    <Stack gap={6} component="section" aria-labelledby={`${p.id}-heading`}>
      <Text id={`${p.id}-heading`} size="sm" fw={500}>
        {p.heading}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid={`current-${p.id}`} style={{ overflowWrap: 'anywhere' }}>
          {p.current}
        </Text>
        {!open && (
          <Button variant="default" size="xs" onClick={() => setOpen(true)}>
            {p.openLabel}
          </Button>
        )}
      </Group>
      {p.hint}
      {open && !challenge && (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            <Text size="sm">{p.text}</Text>
            <ErrorAlert>{failure.error}</ErrorAlert>
            {p.fields}
            <PasswordInput
              label={t('mobile.currentPassword')}
              withAsterisk
              autoComplete="current-password"
              error={typeof passwordError === 'string' ? passwordError : undefined}
              {...register('currentPassword' as Path<V>)}
            />
            <Group justify="flex-end">
              {cancel}
              <Button type="submit" loading={formState.isSubmitting}>
                {t('mobile.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {open && challenge && (
        <Stack gap="sm">
          <Text size="sm">{t('otp.codeText', { destination: challenge.destination })}</Text>
          <OneTimeCodeForm label={t('otp.code')} submitLabel={p.confirmLabel} verify={verify}>
            {cancel}
          </OneTimeCodeForm>
        </Stack>
      )}
    </Stack>
  );
}
