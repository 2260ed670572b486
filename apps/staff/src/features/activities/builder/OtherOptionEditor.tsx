/** The "Other" option of a choice question: its text per language, score, and the text the participant writes. */
import { Group, Stack, Switch } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SwitchField } from './fields';
import { InlineTexts } from './TextsByLanguage';

export function OtherOptionEditor({ base }: { base: string }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const otherId = useWatch({ name: `${base}.otherOptionId` }) as string | undefined;
  const set = (field: string, value: unknown) =>
    form.setValue(`${base}.${field}` as never, value as never, { shouldDirty: true });
  const toggle = (on: boolean) => {
    if (!on) {
      for (const f of [
        'otherOptionId',
        'otherOptionBody',
        'otherOptionContentField',
        'otherOptionCommentField',
        'otherScore',
      ])
        set(f, undefined);
      return;
    }
    const ids = new Set(((form.getValues(`${base}.options` as never) ?? []) as { id: string }[]).map((o) => o.id));
    let id = 'other';
    for (let n = 2; ids.has(id); n++) id = `other${n}`;
    set('otherOptionId', id);
    set('otherOptionBody', {});
  };
  return (
    <Stack gap="xs">
      <Switch label={t('options.other')} checked={Boolean(otherId)} onChange={(e) => toggle(e.currentTarget.checked)} />
      {otherId && (
        <Stack gap="xs" pl="md">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <InlineTexts name={`${base}.otherOptionBody`} label={t('options.otherText')} />
            <NumberField name={`${base}.otherScore`} label={t('options.otherScore')} w={160} />
          </Group>
          <SwitchField name={`${base}.otherOptionContentField`} label={t('options.otherContent')} />
          <SwitchField name={`${base}.otherOptionCommentField`} label={t('options.otherComment')} />
        </Stack>
      )}
    </Stack>
  );
}
