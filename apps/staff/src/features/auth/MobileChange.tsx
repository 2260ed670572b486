import { Group, Text, TextInput } from '@mantine/core';
import { getProfile, type StaffUser, sendMobileOtp, verifyOtp } from '@trialpath/contract';
import { useContractForm } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { ContactChange } from './ContactChange';

/** The first step's fields: the endpoint's own body, without the study it may name. */
const numberForm = sendMobileOtp.body!.omit({ studyId: true });

/**
 * The mobile number on the profile (decision 0028): shown, and changed only with the current password
 * and a code sent by text message to the new number; the account's e-mail address is told afterwards.
 */
export function MobileChange({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const form = useContractForm(numberForm, {
    defaultValues: { currentPassword: '', mobileCountryCode: '+1', phone: '' },
  });
  const { errors } = form.formState;
  return (
    <ContactChange
      id="mobile"
      heading={t('profile.phone')}
      current={profile.phoneNumber || t('mobile.none')}
      openLabel={profile.phoneNumber ? t('mobile.change') : t('mobile.add')}
      hint={
        <Text size="xs" c="dimmed">
          {t('profile.phoneHint')}
        </Text>
      }
      text={t('mobile.text')}
      form={form}
      fields={
        <Group grow align="flex-start" wrap="nowrap">
          <TextInput
            label={t('mobile.countryCode')}
            withAsterisk
            autoComplete="tel-country-code"
            style={{ maxWidth: 110 }}
            error={errors.mobileCountryCode?.message}
            {...form.register('mobileCountryCode')}
          />
          <TextInput
            label={t('mobile.number')}
            withAsterisk
            type="tel"
            autoComplete="tel-national"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        </Group>
      }
      send={(body) => api.call(sendMobileOtp, { body })}
      confirm={async (challengeId, code) => {
        await api.call(verifyOtp, { body: { challengeId, code } });
        return api.call(getProfile);
      }}
      confirmLabel={t('mobile.confirm')}
      changedText={t('mobile.changed')}
    />
  );
}
