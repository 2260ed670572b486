import { TextInput } from '@mantine/core';
import { changeEmail, type StaffUser, verifyEmailChange } from '@trialpath/contract';
import { useContractForm } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { ContactChange } from './ContactChange';

/**
 * The e-mail address on the profile (decision 0028): shown, and changed only with the current password and
 * a code sent to the new address; the current address is told at once.
 */
export function EmailChange({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const form = useContractForm(changeEmail.body!, { defaultValues: { email: '', currentPassword: '' } });
  return (
    <ContactChange
      id="email"
      heading={t('emailChange.heading')}
      current={profile.email}
      openLabel={t('emailChange.change')}
      text={t('emailChange.text')}
      form={form}
      fields={
        <TextInput
          label={t('emailChange.newEmail')}
          withAsterisk
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      }
      send={(body) => api.call(changeEmail, { body })}
      confirm={(challengeId, code) => api.call(verifyEmailChange, { body: { challengeId, code } })}
      confirmLabel={t('emailChange.confirm')}
      changedText={t('emailChange.changed')}
    />
  );
}
