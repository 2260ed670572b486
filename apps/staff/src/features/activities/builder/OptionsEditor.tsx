/**
 * The options of a choice question (C-031): text per language, score, an image for ImageChoice; add,
 * remove and reorder; single or several answers; and the "Other" option with its own text field.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { QuestionType } from '@trialpath/domain';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nextName, NumberField, SelectField, SwitchField, TextField, useIssue } from './fields';
import { OtherOptionEditor } from './OtherOptionEditor';
import { InlineTexts } from './TextsByLanguage';
import { DownIcon, RemoveIcon, UpIcon } from './icons';

export function OptionsEditor({ base, type }: { base: string; type: QuestionType }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const name = `${base}.options`;
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: name, keyName: 'key' });
  const error = useIssue(name);
  const ids = () => ((form.getValues(name as never) ?? []) as { id: string }[]).map((o) => o.id);
  return (
    <>
      {type === 'MultiChoice' && (
        <SelectField
          name={`${base}.constraints.subType`}
          label={t('options.answers')}
          data={[
            { value: 'single', label: t('options.single') },
            { value: 'multi', label: t('options.multi') },
          ]}
          w={260}
        />
      )}
      {type === 'ImageChoice' && <SwitchField name={`${base}.constraints.allowMultiple`} label={t('options.multi')} />}
      <Stack gap="xs">
        {fields.map((f, j) => {
          const n = j + 1;
          const id = (f as unknown as { id: string }).id;
          return (
            <Paper key={f.key} withBorder radius="sm" p="xs" bg="gray.0">
              <Group align="flex-end" gap="xs" wrap="wrap">
                <InlineTexts name={`${name}.${j}.body`} label={t('options.option', { n })} />
                <NumberField name={`${name}.${j}.score`} label={t('options.score', { n })} w={160} />
                {type === 'ImageChoice' && (
                  <TextField
                    name={`${name}.${j}.imageUrl`}
                    label={t('options.image', { n })}
                    placeholder="https://"
                    emptyAsMissing
                    w={240}
                  />
                )}
                <Group gap={2} wrap="nowrap" pb={4}>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    disabled={j === 0}
                    onClick={() => move(j, j - 1)}
                    aria-label={t('options.up', { n })}
                  >
                    <UpIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    disabled={j === fields.length - 1}
                    onClick={() => move(j, j + 1)}
                    aria-label={t('options.down', { n })}
                  >
                    <DownIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    onClick={() => remove(j)}
                    aria-label={t('options.remove', { n })}
                  >
                    <RemoveIcon />
                  </ActionIcon>
                </Group>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t('options.code', { id })}
              </Text>
            </Paper>
          );
        })}
      </Stack>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={() => append({ id: nextName('o', ids()), body: {} } as never)}>
          {t('options.add')}
        </Button>
      </Group>
      {type !== 'Boolean' && <OtherOptionEditor base={base} />}
    </>
  );
}
