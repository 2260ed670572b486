import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  endpointKeyOf,
  getProfile,
  type OtpChallenge,
  sendMobileOtp,
  type StaffUser,
  verifyOtp,
} from '@trialpath/contract';
import { ErrorAlert, notify, useContractForm } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { storage } from '../../shared/storage';
import { useFormError } from './form-error';
import { OneTimeCodeForm } from './OneTimeCodeForm';

/** The first step's fields: the endpoint's own body, without the study it may name. */
const numberForm = sendMobileOtp.body!.omit({ studyId: true });

/**
 * The mobile number on the profile (decision 0028): shown, and changed only with the current password
 * and a code sent by text message to the new number; the account's e-mail address is told afterwards.
 */
export function MobileChange({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const form = useContractForm(numberForm, {
    defaultValues: { currentPassword: '', mobileCountryCode: '+1', phone: '' },
  });
  const { register, handleSubmit, formState, reset } = form;
  const failure = useFormError(form);

  const close = () => {
    setOpen(false);
    setChallenge(null);
    reset();
  };

  const send = handleSubmit((v) =>
    failure.run(async () => {
      setChallenge(await api.call(sendMobileOtp, { body: v }));
      notify(t('otp.codeSent'), { kind: 'success' });
    }),
  );

  const verify = async (code: string) => {
    await api.call(verifyOtp, { body: { challengeId: challenge!.challengeId, code } });
    const user = await api.call(getProfile);
    queryClient.setQueriesData({ queryKey: endpointKeyOf(getProfile) }, user);
    storage.setUser({ ...(storage.getUser<StaffUser>() ?? {}), ...user });
    notify(t('mobile.changed'), { kind: 'success' });
    close();
  };

  return (
    <Stack gap={6} component="section" aria-labelledby="mobile-heading">
      <Text id="mobile-heading" size="sm" fw={500}>
        {t('profile.phone')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="current-mobile">
          {profile.phoneNumber || t('mobile.none')}
        </Text>
        {!open && (
          <Button variant="default" size="xs" onClick={() => setOpen(true)}>
            {profile.phoneNumber ? t('mobile.change') : t('mobile.add')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('profile.phoneHint')}
      </Text>
      {open && !challenge && (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('mobile.text')}</Text>
            <ErrorAlert>{failure.error}</ErrorAlert>
            <Group grow align="flex-start" wrap="nowrap">
              <TextInput
                label={t('mobile.countryCode')}
                withAsterisk
                autoComplete="tel-country-code"
                style={{ maxWidth: 110 }}
                error={formState.errors.mobileCountryCode?.message}
                {...register('mobileCountryCode')}
              />
              <TextInput
                label={t('mobile.number')}
                withAsterisk
                type="tel"
                autoComplete="tel-national"
                error={formState.errors.phone?.message}
                {...register('phone')}
              />
            </Group>
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
          <OneTimeCodeForm label={t('otp.code')} submitLabel={t('mobile.confirm')} verify={verify}>
            <Button variant="subtle" onClick={close}>
              {t('mobile.cancel')}
            </Button>
          </OneTimeCodeForm>
        </Stack>
      )}
    </Stack>
  );
}
