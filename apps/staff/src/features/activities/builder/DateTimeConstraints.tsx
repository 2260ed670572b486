/**
 * Date and time questions (C-031): the format, and the range answers must fall in — fixed bounds (a date
 * or "current", today in the participant's zone), or days (hours) around a target.
 */
import { Group, Select } from '@mantine/core';
import { DATE_FORMATS_INPUT } from '@trialpath/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField } from './fields';

type Kind = 'none' | 'fixed' | 'deviation';

function RangeKind({ name, deviation }: { name: string; deviation: Record<string, unknown> }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const range = useWatch({ name }) as { kind?: Kind } | undefined;
  const kind: Kind = range?.kind ?? 'none';
  return (
    <Select
      label={t('constraints.range')}
      data={[
        { value: 'none', label: t('constraints.rangeNone') },
        { value: 'fixed', label: t('constraints.rangeFixed') },
        { value: 'deviation', label: t('constraints.rangeDeviation') },
      ]}
      value={kind}
      onChange={(v) =>
        form.setValue(
          name as never,
          (v === 'fixed'
            ? { kind: 'fixed' }
            : v === 'deviation'
              ? { kind: 'deviation', ...deviation }
              : undefined) as never,
          { shouldDirty: true },
        )
      }
      allowDeselect={false}
      w={260}
    />
  );
}

export function DateConstraints({ c }: { c: string }) {
  const { t } = useTranslation('activities');
  const r = `${c}.range`;
  const kind = (useWatch({ name: `${r}.kind` }) as Kind | undefined) ?? 'none';
  const hint = t('constraints.dateBoundHint');
  return (
    <>
      <Group gap="sm" align="flex-end">
        <SelectField
          name={`${c}.format`}
          label={t('constraints.dateFormat')}
          data={DATE_FORMATS_INPUT.map((f) => ({ value: f, label: f }))}
          w={200}
        />
        <RangeKind name={r} deviation={{ target: 'current', daysBefore: 0, daysAfter: 0 }} />
      </Group>
      {kind === 'fixed' && (
        <Group gap="sm" align="flex-start">
          <TextField name={`${r}.start`} label={t('constraints.from')} description={hint} emptyAsMissing w={220} />
          <TextField name={`${r}.end`} label={t('constraints.to')} description={hint} emptyAsMissing w={220} />
        </Group>
      )}
      {kind === 'deviation' && (
        <Group gap="sm" align="flex-start">
          <TextField name={`${r}.target`} label={t('constraints.target')} description={hint} w={220} />
          <NumberField
            name={`${r}.daysBefore`}
            label={t('constraints.daysBefore')}
            allowDecimal={false}
            min={0}
            w={150}
          />
          <NumberField
            name={`${r}.daysAfter`}
            label={t('constraints.daysAfter')}
            allowDecimal={false}
            min={0}
            w={150}
          />
        </Group>
      )}
    </>
  );
}

export function TimeConstraints({ c }: { c: string }) {
  const { t } = useTranslation('activities');
  const r = `${c}.range`;
  const kind = (useWatch({ name: `${r}.kind` }) as Kind | undefined) ?? 'none';
  const hint = t('constraints.timeBoundHint');
  return (
    <>
      <Group gap="sm" align="flex-end">
        <SelectField
          name={`${c}.format`}
          label={t('constraints.timeFormat')}
          data={[
            { value: '24', label: t('constraints.clock24') },
            { value: '12', label: t('constraints.clock12') },
          ]}
          w={200}
        />
        <RangeKind name={r} deviation={{ target: 'current', hoursBefore: 0, hoursAfter: 0 }} />
      </Group>
      {kind === 'fixed' && (
        <Group gap="sm" align="flex-start">
          <TextField name={`${r}.start`} label={t('constraints.from')} description={hint} emptyAsMissing w={220} />
          <TextField name={`${r}.end`} label={t('constraints.to')} description={hint} emptyAsMissing w={220} />
        </Group>
      )}
      {kind === 'deviation' && (
        <Group gap="sm" align="flex-start">
          <TextField name={`${r}.target`} label={t('constraints.target')} description={hint} w={220} />
          <NumberField name={`${r}.hoursBefore`} label={t('constraints.hoursBefore')} min={0} max={24} w={150} />
          <NumberField name={`${r}.hoursAfter`} label={t('constraints.hoursAfter')} min={0} max={24} w={150} />
        </Group>
      )}
    </>
  );
}
