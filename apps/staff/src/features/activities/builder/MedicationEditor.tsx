/**
 * A medication question (C-031): the medications offered (names per language), the dose units, the
 * reasons for use (each entry then needs one), whether another drug may be typed, how many entries.
 */
import { ActionIcon, Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nextName, NumberField, SwitchField, useIssue } from './fields';
import { InlineTexts } from './TextsByLanguage';
import { RemoveIcon } from './icons';

function NamedList(props: {
  name: string;
  prefix: string;
  field: 'name' | 'body';
  title: string;
  item: (n: number) => string;
  add: string;
  remove: (n: number) => string;
}) {
  const form = useFormContext();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: props.name, keyName: 'key' });
  const ids = () => ((form.getValues(props.name as never) ?? []) as { id: string }[]).map((x) => x.id);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {props.title}
      </Text>
      {fields.map((f, j) => (
        <Group key={f.key} align="flex-end" gap="xs" wrap="wrap">
          <InlineTexts name={`${props.name}.${j}.${props.field}`} label={props.item(j + 1)} />
          <ActionIcon variant="subtle" color="red.9" mb={4} onClick={() => remove(j)} aria-label={props.remove(j + 1)}>
            <RemoveIcon />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => append({ id: nextName(props.prefix, ids()), [props.field]: {} } as never)}
        >
          {props.add}
        </Button>
      </Group>
    </Stack>
  );
}

function UnitsField({ name }: { name: string }) {
  const { t } = useTranslation('activities');
  const { field } = useController({ name });
  return (
    <TagsInput
      label={t('medication.units')}
      description={t('medication.unitsHint')}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      error={useIssue(name)}
    />
  );
}

export function MedicationEditor({ c }: { c: string }) {
  const { t } = useTranslation('activities');
  return (
    <>
      <NamedList
        name={`${c}.medications`}
        prefix="m"
        field="name"
        title={t('medication.medications')}
        item={(n) => t('medication.medication', { n })}
        add={t('medication.addMedication')}
        remove={(n) => t('medication.removeMedication', { n })}
      />
      <UnitsField name={`${c}.units`} />
      <NamedList
        name={`${c}.reasons`}
        prefix="r"
        field="body"
        title={t('medication.reasons')}
        item={(n) => t('medication.reason', { n })}
        add={t('medication.addReason')}
        remove={(n) => t('medication.removeReason', { n })}
      />
      <Group gap="lg" align="flex-end">
        <SwitchField name={`${c}.allowOther`} label={t('medication.allowOther')} />
        <NumberField name={`${c}.maxEntries`} label={t('medication.maxEntries')} allowDecimal={false} min={1} w={180} />
      </Group>
    </>
  );
}
