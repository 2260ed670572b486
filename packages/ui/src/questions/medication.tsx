import { Button, Fieldset, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { localize, type MedicationEntry, type QuestionOf } from '@trialpath/domain';
import { fill } from './labels';
import type { TypeFieldProps } from './parts';

type Props = TypeFieldProps<QuestionOf<'Medication'>>;

/** The name select's value for a drug typed in: one no drug of the list has (their ids are the builder's). */
function otherValue(ids: readonly string[]): string {
  let v = 'other';
  while (ids.includes(v)) v += '_';
  return v;
}

/** An entry without empty fields (isOther only when true), as the domain's MedicationEntrySchema reads it. */
function cleanEntry(e: MedicationEntry): MedicationEntry {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (v !== null && v !== undefined && v !== '' && v !== false) out[k] = v;
  return out as MedicationEntry;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

interface EntryProps extends Props {
  entry: MedicationEntry;
  index: number;
  update: (patch: Partial<MedicationEntry>) => void;
  remove?: (() => void) | undefined;
}

/** One medication: the drug (from the list, or typed in when allowed), dose, unit, number of doses, reason. */
function Entry({ question: q, entry: e, index, update, remove, language, labels, fieldError, disabled }: EntryProps) {
  const c = q.constraints;
  const err = (name: string) => fieldError(`medication.${index}.${name}`);
  const names = c.medications.map((m) => ({ value: m.id, label: localize(m.name, language) }));
  const otherId = otherValue(names.map((n) => n.value));
  if (c.allowOther) names.push({ value: otherId, label: labels.otherMedication });
  const chosen = e.medicationId ? e.medicationId : e.isOther ? otherId : null;
  const pickName = (v: string | null) =>
    update(v === otherId ? { medicationId: null, isOther: true } : { medicationId: v, isOther: null, name: null });
  return (
    <Fieldset legend={fill(labels.medication, { n: index + 1 })} disabled={disabled}>
      <Stack gap="xs">
        <Select
          label={labels.medicationName}
          placeholder={labels.choose}
          data={names}
          value={chosen}
          onChange={pickName}
          error={e.isOther ? undefined : err('name')}
          searchable
        />
        {e.isOther ? (
          <TextInput
            label={labels.otherMedicationName}
            value={text(e.name)}
            onChange={(ev) => update({ name: ev.currentTarget.value })}
            error={err('name')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <TextInput
            label={labels.dosageAmount}
            inputMode="decimal"
            value={text(e.dosageAmount)}
            onChange={(ev) => update({ dosageAmount: ev.currentTarget.value })}
            error={err('dosageAmount')}
          />
          {c.units.length > 0 ? (
            <Select
              label={labels.dosageUnit}
              data={c.units}
              value={e.dosageUnit ?? null}
              onChange={(v) => update({ dosageUnit: v })}
              error={err('dosageUnit')}
            />
          ) : (
            <TextInput
              label={labels.dosageUnit}
              value={text(e.dosageUnit)}
              onChange={(ev) => update({ dosageUnit: ev.currentTarget.value })}
              error={err('dosageUnit')}
            />
          )}
          <TextInput
            label={labels.numberOfDoses}
            inputMode="numeric"
            value={text(e.numberOfDoses)}
            onChange={(ev) => update({ numberOfDoses: ev.currentTarget.value })}
            error={err('numberOfDoses')}
          />
        </SimpleGrid>
        {c.reasons.length > 0 ? (
          <Select
            label={labels.reason}
            data={c.reasons.map((r) => ({ value: r.id, label: localize(r.body, language) }))}
            value={e.reason ?? null}
            onChange={(v) => update({ reason: v })}
            error={err('reason')}
          />
        ) : null}
        {remove ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="compact-sm" onClick={remove}>
              {fill(labels.removeMedication, { n: index + 1 })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/**
 * Medication: a list of entries (the answer's `medication`). With no answer one blank entry is shown,
 * which becomes the answer's first entry when filled in; emptying the only entry leaves no answer.
 */
export function MedicationField(props: Props) {
  const { question: q, value, onChange, label, labels, id, error, required, disabled } = props;
  const entries = value?.medication ?? [];
  const shown: MedicationEntry[] = entries.length > 0 ? entries : [{}];
  const max = q.constraints.maxEntries;
  const save = (next: MedicationEntry[]) => {
    const only = next.length === 1 && Object.keys(next[0] as object).length === 0;
    onChange(next.length === 0 || only ? undefined : { medication: next });
  };
  const update = (i: number) => (patch: Partial<MedicationEntry>) =>
    save(shown.map((e, k) => (k === i ? cleanEntry({ ...e, ...patch }) : e)));
  return (
    <Input.Wrapper id={id} label={label} error={error} withAsterisk={required} labelElement="div">
      <Stack
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        gap="sm"
        mt="xs"
      >
        {shown.map((e, i) => (
          <Entry
            // entries have no id of their own; their place is their identity
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            {...props}
            entry={e}
            index={i}
            update={update(i)}
            remove={entries.length > 0 ? () => save(entries.filter((_, k) => k !== i)) : undefined}
          />
        ))}
        <Group>
          <Button
            variant="light"
            onClick={() => save([...shown, {}])}
            disabled={disabled || (max !== undefined && shown.length >= max)}
          >
            {labels.addMedication}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
