/** Labels of a scale's values (C-031): "0 = No pain", "10 = Worst pain", each per language. */
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from './fields';
import { InlineTexts } from './TextsByLanguage';
import { RemoveIcon } from './icons';

export function LabelsEditor({ base }: { base: string }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const name = `${base}.labels`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: name, keyName: 'key' });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('labels.title')}
      </Text>
      {fields.map((f, j) => (
        <Group key={f.key} align="flex-end" gap="xs" wrap="wrap">
          <NumberField name={`${name}.${j}.value`} label={t('labels.value', { n: j + 1 })} w={120} />
          <InlineTexts name={`${name}.${j}.text`} label={t('labels.text', { n: j + 1 })} />
          <ActionIcon
            variant="subtle"
            color="red.9"
            mb={4}
            onClick={() => remove(j)}
            aria-label={t('labels.remove', { n: j + 1 })}
          >
            <RemoveIcon />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="light" onClick={() => append({ value: 0, text: {} } as never)}>
          {t('labels.add')}
        </Button>
      </Group>
    </Stack>
  );
}
