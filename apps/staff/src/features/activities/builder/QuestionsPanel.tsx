/** The questions of the draft (C-031): add one of any type, the list, and the chosen question's editor. */
import { Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { QUESTION_TYPES, type QuestionType } from '@trialpath/domain';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuestionDraft } from './draft-values';
import { duplicateQuestion, newQuestion, retype } from './new-question';
import { QuestionEditor } from './QuestionEditor';
import { QuestionList } from './QuestionList';

export function QuestionsPanel(props: { selected: number; onSelect: (index: number) => void }) {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const { fields, append, insert, move, remove, update } = useFieldArray({
    control: form.control,
    name: 'questions',
    keyName: 'key',
  });
  const [type, setType] = useState<QuestionType>('MultiChoice');
  const questions = (form.watch('questions') ?? []) as QuestionDraft[];
  const identifiers = () => (form.getValues('questions') as QuestionDraft[]).map((q) => q.identifier);
  const selected = Math.min(props.selected, fields.length - 1);
  const add = () => {
    append(newQuestion(type, identifiers()) as never);
    props.onSelect(fields.length);
  };
  const current = questions[selected];
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('builder.questions', { count: fields.length })}
            </Title>
            {fields.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('builder.noQuestions')}
              </Text>
            )}
            <QuestionList
              questions={questions}
              keys={fields.map((f) => f.key)}
              selected={selected}
              onSelect={props.onSelect}
              onMove={(from, to) => {
                move(from, to);
                if (selected === from) props.onSelect(to);
                else if (selected === to) props.onSelect(from);
              }}
              onDuplicate={(i) => {
                insert(i + 1, duplicateQuestion(form.getValues(`questions.${i}`), identifiers()) as never);
                props.onSelect(i + 1);
              }}
              onRemove={(i) => {
                remove(i);
                props.onSelect(Math.max(0, i <= selected ? selected - 1 : selected));
              }}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={t('builder.newType')}
                data={QUESTION_TYPES.map((q) => ({ value: q, label: t(`types.${q}`) }))}
                value={type}
                onChange={(v) => v && setType(v as QuestionType)}
                allowDeselect={false}
                searchable
                style={{ flex: 1 }}
              />
              <Button onClick={add}>{t('builder.add')}</Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {current && fields[selected] ? (
          <QuestionEditor
            key={`${fields[selected].key}-${current.type}`}
            index={selected}
            count={fields.length}
            onRetype={(next) => update(selected, retype(form.getValues(`questions.${selected}`), next) as never)}
          />
        ) : (
          <Paper withBorder radius="md" p="xl" ta="center">
            <Text c="dimmed">{t('builder.pick')}</Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
