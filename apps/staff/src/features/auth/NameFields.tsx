import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface NameForm {
  firstName: string;
  lastName: string;
}

/** What the fields need of a react-hook-form form on a schema with firstName and lastName. */
interface WithNames {
  register(name: keyof NameForm): UseFormRegisterReturn;
  formState: { errors: FieldErrors<NameForm> };
}

/** First and last name, both required (the form's contract schema says so): side by side, stacked on a narrow screen. */
export function NameFields({ form }: { form: WithNames }) {
  const { t } = useTranslation('auth');
  const { register } = form;
  const { errors } = form.formState;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t('profile.firstName')}
        withAsterisk
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextInput
        label={t('profile.lastName')}
        withAsterisk
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
    </SimpleGrid>
  );
}
