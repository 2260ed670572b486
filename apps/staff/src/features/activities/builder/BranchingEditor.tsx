/**
 * Branching rules of a question (C-031; decisions B-020, B-022): when the answer equals a value, lies
 * between two, or otherwise, skip to a LATER question or to the end. Only later questions are offered;
 * a rule pointing elsewhere (after a move) keeps its target shown with the domain's message on it.
 * Each rule is read back as a sentence. "Advance" opens every matching rule's branch (multi-choice).
 */
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { isChoiceType, localize, optionsOf, type Question, type QuestionType, SKIP_TO_END } from '@trialpath/domain';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ruleSentence } from '../branching-text';
import type { QuestionDraft, RuleDraft } from './draft-values';
import { SelectField, SwitchField, TextField } from './fields';
import { RemoveIcon } from './icons';

function useTargets(index: number) {
  const { t } = useTranslation('activities');
  const questions = (useWatch({ name: 'questions' }) ?? []) as QuestionDraft[];
  const later = questions.slice(index + 1).map((q) => ({ value: q.identifier, label: q.identifier }));
  const targets = (current: string | undefined) => {
    const data = [...later, { value: SKIP_TO_END, label: t('branching.end') }];
    if (current && !data.some((d) => d.value === current))
      data.unshift({ value: current, label: t('branching.notLater', { identifier: current }) });
    return data;
  };
  return { question: questions[index], targets };
}

function RuleRow({ index, j, type, remove }: { index: number; j: number; type: QuestionType; remove: () => void }) {
  const { t, i18n } = useTranslation('activities');
  const form = useFormContext();
  const name = `questions.${index}.branching.rules.${j}`;
  const rule = (useWatch({ name }) ?? {}) as RuleDraft;
  const { question, targets } = useTargets(index);
  const n = j + 1;
  const choice = isChoiceType(type);
  const options = question
    ? [
        ...optionsOf({ ...question, options: question.options ?? [] } as unknown as Question).map((o) => ({
          value: o.id,
          label: localize(o.body, i18n.language) || o.id,
        })),
        ...(question.otherOptionId ? [{ value: question.otherOptionId, label: t('options.other') }] : []),
      ]
    : [];
  const clear = () => {
    for (const f of ['value', 'singleValue', 'startValue', 'endValue'])
      form.setValue(`${name}.${f}` as never, undefined as never, { shouldDirty: true });
  };
  return (
    <Paper withBorder radius="sm" p="xs" bg="gray.0" data-testid={`rule-${n}`}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <SelectField
          name={`${name}.operator`}
          label={t('branching.operator', { n })}
          data={[
            { value: 'eq', label: t('branching.eq') },
            { value: 'between', label: choice ? t('branching.scoreBetween') : t('branching.between') },
            { value: 'ot', label: t('branching.ot') },
          ]}
          onPicked={clear}
          w={200}
        />
        {rule.operator === 'eq' &&
          (choice ? (
            <SelectField name={`${name}.value`} label={t('branching.answer', { n })} data={options} w={200} />
          ) : (
            <TextField name={`${name}.singleValue`} label={t('branching.answer', { n })} emptyAsMissing w={200} />
          ))}
        {rule.operator === 'between' && (
          <>
            <TextField name={`${name}.startValue`} label={t('branching.from', { n })} emptyAsMissing w={130} />
            <TextField name={`${name}.endValue`} label={t('branching.to', { n })} emptyAsMissing w={130} />
          </>
        )}
        <SelectField name={`${name}.skipTo`} label={t('branching.skipTo', { n })} data={targets(rule.skipTo)} w={200} />
        <ActionIcon variant="subtle" color="red.9" mt={28} onClick={remove} aria-label={t('branching.remove', { n })}>
          <RemoveIcon />
        </ActionIcon>
      </Group>
      {question && (
        <Text size="sm" mt={6} fw={500} data-testid="rule-sentence">
          {ruleSentence(t, question, rule, i18n.language)}
        </Text>
      )}
    </Paper>
  );
}

export function BranchingEditor({ index, type }: { index: number; type: QuestionType }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const base = `questions.${index}.branching`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `${base}.rules`, keyName: 'key' });
  const mode = useWatch({ name: `${base}.mode` }) as string | undefined;
  const { targets } = useTargets(index);
  const rejoin = useWatch({ name: `${base}.rejoinAt` }) as string | undefined;
  const add = () => {
    const next = form.getValues('questions')[index + 1]?.identifier ?? SKIP_TO_END;
    append({ operator: 'eq', skipTo: next } as never);
  };
  return (
    <>
      <Stack gap="xs">
        {fields.map((f, j) => (
          <RuleRow key={f.key} index={index} j={j} type={type} remove={() => remove(j)} />
        ))}
      </Stack>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('branching.none')}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={add}>
          {t('branching.add')}
        </Button>
      </Group>
      {fields.length > 1 && (
        <Stack gap="xs">
          <SelectField
            name={`${base}.mode`}
            label={t('branching.mode')}
            data={[
              { value: 'normal', label: t('branching.normal') },
              { value: 'advance', label: t('branching.advance') },
            ]}
            placeholder={t('branching.normal')}
            w={360}
          />
          {mode === 'advance' && (
            <Group gap="md" align="flex-end">
              <SwitchField name={`${base}.recursiveLoop`} label={t('branching.recursive')} />
              <SelectField
                name={`${base}.rejoinAt`}
                label={t('branching.rejoin')}
                placeholder={t('branching.rejoinDefault')}
                data={targets(rejoin)}
                clearable
                w={240}
              />
            </Group>
          )}
        </Stack>
      )}
    </>
  );
}
