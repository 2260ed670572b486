import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notBlank } from './fields';

interface NameForm {
  firstName: string;
  lastName: string;
}

/** What the fields need of a react-hook-form form: any form with firstName and lastName fits. */
interface WithNames {
  register: (name: keyof NameForm, options: { validate: (v: string) => boolean }) => UseFormRegisterReturn;
  formState: { errors: FieldErrors<NameForm> };
}

/** First and last name, both required: side by side, stacked on a narrow screen. */
export function NameFields({ form }: { form: WithNames }) {
  const { t } = useTranslation();
  const { register } = form;
  const { errors } = form.formState;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t('profile.firstName')}
        withAsterisk
        autoComplete="given-name"
        error={errors.firstName ? t('auth.required') : undefined}
        {...register('firstName', { validate: notBlank })}
      />
      <TextInput
        label={t('profile.lastName')}
        withAsterisk
        autoComplete="family-name"
        error={errors.lastName ? t('auth.required') : undefined}
        {...register('lastName', { validate: notBlank })}
      />
    </SimpleGrid>
  );
}
