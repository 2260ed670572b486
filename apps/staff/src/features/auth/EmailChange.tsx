import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  changeEmail,
  endpointKeyOf,
  getProfile,
  type OtpChallenge,
  type StaffUser,
  verifyEmailChange,
} from '@trialpath/contract';
import { ErrorAlert, notify, useContractForm } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { storage } from '../../shared/storage';
import { useFormError } from './form-error';
import { OneTimeCodeForm } from './OneTimeCodeForm';

/**
 * The e-mail address on the profile (decision 0028): shown, and changed only with the current password and
 * a code sent to the new address; the current address is told at once.
 */
export function EmailChange({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const form = useContractForm(changeEmail.body!, { defaultValues: { email: '', currentPassword: '' } });
  const { register, handleSubmit, formState, reset } = form;
  const failure = useFormError(form);

  const close = () => {
    setOpen(false);
    setChallenge(null);
    reset();
  };

  const send = handleSubmit((v) =>
    failure.run(async () => {
      setChallenge(await api.call(changeEmail, { body: v }));
      notify(t('otp.codeSent'), { kind: 'success' });
    }),
  );

  const verify = async (code: string) => {
    const user = await api.call(verifyEmailChange, { body: { challengeId: challenge!.challengeId, code } });
    queryClient.setQueriesData({ queryKey: endpointKeyOf(getProfile) }, user);
    storage.setUser({ ...(storage.getUser<StaffUser>() ?? {}), ...user });
    notify(t('emailChange.changed'), { kind: 'success' });
    close();
  };

  return (
    <Stack gap={6} component="section" aria-labelledby="email-heading">
      <Text id="email-heading" size="sm" fw={500}>
        {t('emailChange.heading')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="current-email" style={{ overflowWrap: 'anywhere' }}>
          {profile.email}
        </Text>
        {!open && (
          <Button variant="default" size="xs" onClick={() => setOpen(true)}>
            {t('emailChange.change')}
          </Button>
        )}
      </Group>
      {open && !challenge && (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('emailChange.text')}</Text>
            <ErrorAlert>{failure.error}</ErrorAlert>
            <TextInput
              label={t('emailChange.newEmail')}
              withAsterisk
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <PasswordInput
              label={t('mobile.currentPassword')}
              withAsterisk
              autoComplete="current-password"
              error={formState.errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <Group justify="flex-end">
              <Button variant="subtle" onClick={close}>
                {t('mobile.cancel')}
              </Button>
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
          <OneTimeCodeForm label={t('otp.code')} submitLabel={t('emailChange.confirm')} verify={verify}>
            <Button variant="subtle" onClick={close}>
              {t('mobile.cancel')}
            </Button>
          </OneTimeCodeForm>
        </Stack>
      )}
    </Stack>
  );
}
