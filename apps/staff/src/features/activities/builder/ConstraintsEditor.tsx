/** What a question's type asks besides options (C-031): scales, numbers, text, dates and times, medications. */
import { Group, Select, Text } from '@mantine/core';
import { type QuestionType, TEXT_DATA_TYPES } from '@trialpath/domain';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateConstraints, TimeConstraints } from './DateTimeConstraints';
import { NumberField, SelectField, SwitchField, useIssue } from './fields';
import { LabelsEditor } from './LabelsEditor';
import { MedicationEditor } from './MedicationEditor';
import { Section } from './Section';

function ScaleFields({ c }: { c: string }) {
  const { t } = useTranslation('activities');
  return (
    <Group gap="sm" align="flex-start">
      <NumberField name={`${c}.min`} label={t('constraints.scaleMin')} w={140} />
      <NumberField name={`${c}.max`} label={t('constraints.scaleMax')} w={140} />
      <NumberField name={`${c}.step`} label={t('constraints.step')} w={140} min={0} />
    </Group>
  );
}

/** Whether negative numbers are allowed: by default (only when the minimum is below 0), yes or no. */
function NegativeField({ name }: { name: string }) {
  const { t } = useTranslation('activities');
  const { field } = useController({ name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : 'default';
  return (
    <Select
      label={t('constraints.negative')}
      data={[
        { value: 'default', label: t('constraints.negativeDefault') },
        { value: 'yes', label: t('constraints.negativeYes') },
        { value: 'no', label: t('constraints.negativeNo') },
      ]}
      value={value}
      onChange={(v) => field.onChange(v === 'yes' ? true : v === 'no' ? false : undefined)}
      allowDeselect={false}
      error={useIssue(name)}
      w={300}
    />
  );
}

function NumberFields({ c, type }: { c: string; type: QuestionType }) {
  const { t } = useTranslation('activities');
  return (
    <>
      <Group gap="sm" align="flex-start">
        <NumberField name={`${c}.min`} label={t('constraints.min')} w={140} />
        <NumberField name={`${c}.max`} label={t('constraints.max')} w={140} />
        <NumberField name={`${c}.softMin`} label={t('constraints.softMin')} w={140} />
        <NumberField name={`${c}.softMax`} label={t('constraints.softMax')} w={140} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('constraints.softHint')}
      </Text>
      <Group gap="sm" align="flex-start">
        {type !== 'Integer' && (
          <NumberField
            name={`${c}.decimals`}
            label={t('constraints.decimals')}
            allowDecimal={false}
            min={0}
            max={15}
            w={160}
          />
        )}
        <NegativeField name={`${c}.allowNegative`} />
      </Group>
    </>
  );
}

function TextFields({ c }: { c: string }) {
  const { t } = useTranslation('activities');
  return (
    <Group gap="sm" align="flex-end">
      <NumberField name={`${c}.maxLength`} label={t('constraints.maxLength')} allowDecimal={false} min={1} w={170} />
      <SelectField
        name={`${c}.dataType`}
        label={t('constraints.dataType')}
        placeholder={t('constraints.anyText')}
        data={TEXT_DATA_TYPES.map((d) => ({ value: d, label: t(`dataTypes.${d}`) }))}
        clearable
        w={220}
      />
      <SwitchField name={`${c}.multiline`} label={t('constraints.multiline')} />
    </Group>
  );
}

export function ConstraintsEditor({ base, type }: { base: string; type: QuestionType }) {
  const { t } = useTranslation('activities');
  const c = `${base}.constraints`;
  switch (type) {
    case 'NumberScale':
    case 'VAS':
      return (
        <Section title={t('constraints.scale')}>
          <ScaleFields c={c} />
          <LabelsEditor base={base} />
        </Section>
      );
    case 'WongBaker':
      return (
        <Section title={t('constraints.scale')}>
          <LabelsEditor base={base} />
        </Section>
      );
    case 'Number':
    case 'Integer':
    case 'Decimal':
      return (
        <Section title={t('constraints.number')}>
          <NumberFields c={c} type={type} />
        </Section>
      );
    case 'Text':
      return (
        <Section title={t('constraints.text')}>
          <TextFields c={c} />
        </Section>
      );
    case 'Date':
      return (
        <Section title={t('constraints.date')}>
          <DateConstraints c={c} />
        </Section>
      );
    case 'Time':
      return (
        <Section title={t('constraints.time')}>
          <TimeConstraints c={c} />
        </Section>
      );
    case 'DateTime':
      return (
        <Section title={t('constraints.dateTime')}>
          <DateConstraints c={`${c}.date`} />
          <TimeConstraints c={`${c}.time`} />
        </Section>
      );
    case 'Medication':
      return (
        <Section title={t('constraints.medication')}>
          <MedicationEditor c={c} />
        </Section>
      );
    default:
      return null;
  }
}
