/**
 * Data edit checks of a question (C-031; 001 §5): SOFT (a warning) or HARD (an error), of a type —
 * not blank, a data type, less or greater than a value, a format like xx.yy — with its value. They run
 * only while the activity's data edit checks are on (turned on with the first check).
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DATA_CHECK_DATA_TYPES, DATA_EDIT_CHECK_TYPES, parseNumberInput } from '@trialpath/domain';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newId, SelectField, SwitchField, useIssue } from './fields';
import { RemoveIcon } from './icons';

/** The check's value: a number when it reads as one (limits), else the text typed. */
function CheckValue({ name, type, n }: { name: string; type: string; n: number }) {
  const { t } = useTranslation('activities');
  const { field } = useController({ name });
  const error = useIssue(name);
  if (type === 'NOT_BLANK') return null;
  if (type === 'DATA_TYPE')
    return (
      <SelectField
        name={name}
        label={t('checks.value', { n })}
        data={DATA_CHECK_DATA_TYPES.map((d) => ({ value: d, label: t(`dataTypes.${d}`) }))}
        w={200}
      />
    );
  const limit = type === 'LESS_THAN' || type === 'GREATER_THAN';
  return (
    <TextInput
      label={t('checks.value', { n })}
      description={type === 'DATA_FORMAT' ? t('checks.formatHint') : undefined}
      value={field.value === undefined ? '' : String(field.value)}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const number = limit ? parseNumberInput(text) : null;
        field.onChange(text === '' ? undefined : number !== null && String(number) === text.trim() ? number : text);
      }}
      onBlur={field.onBlur}
      error={error}
      w={200}
    />
  );
}

export function ChecksEditor({ base }: { base: string }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const name = `${base}.dataEditChecks`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: name, keyName: 'key' });
  const checks = (useWatch({ name }) ?? []) as { type?: string }[];
  const on = Boolean(useWatch({ name: 'allowDataEditChecks' }));
  const add = () => {
    append({ id: newId('dec'), check: 'HARD', type: 'NOT_BLANK' } as never);
    if (!on) form.setValue('allowDataEditChecks', true, { shouldDirty: true });
  };
  return (
    <>
      <SwitchField
        name="allowDataEditChecks"
        label={t('checks.activitySwitch')}
        description={t('checks.activityHint')}
      />
      <Stack gap="xs">
        {fields.map((f, j) => {
          const n = j + 1;
          return (
            <Paper key={f.key} withBorder radius="sm" p="xs" bg="gray.0" data-testid={`check-${n}`}>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <SelectField
                  name={`${name}.${j}.check`}
                  label={t('checks.severity', { n })}
                  data={[
                    { value: 'HARD', label: t('checks.HARD') },
                    { value: 'SOFT', label: t('checks.SOFT') },
                  ]}
                  w={190}
                />
                <SelectField
                  name={`${name}.${j}.type`}
                  label={t('checks.type', { n })}
                  data={DATA_EDIT_CHECK_TYPES.map((d) => ({ value: d, label: t(`checks.types.${d}`) }))}
                  onPicked={() =>
                    form.setValue(`${name}.${j}.value` as never, undefined as never, { shouldDirty: true })
                  }
                  w={220}
                />
                <CheckValue name={`${name}.${j}.value`} type={checks[j]?.type ?? 'NOT_BLANK'} n={n} />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mt={28}
                  onClick={() => remove(j)}
                  aria-label={t('checks.remove', { n })}
                >
                  <RemoveIcon />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('checks.none')}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={add}>
          {t('checks.add')}
        </Button>
      </Group>
    </>
  );
}
