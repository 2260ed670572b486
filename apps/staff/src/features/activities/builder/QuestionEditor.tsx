/**
 * One question (C-031): identifier, optional, its text per language, what its type asks (options,
 * constraints), its data edit checks and its branching rules. Renaming the identifier renames the rules
 * that skip to it.
 */
import { Alert, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  isAlwaysPassType,
  isBranchingCapable,
  isChoiceType,
  isSkippableType,
  QUESTION_TYPES,
  type QuestionType,
} from '@trialpath/domain';
import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BranchingEditor } from './BranchingEditor';
import { ChecksEditor } from './ChecksEditor';
import { ConstraintsEditor } from './ConstraintsEditor';
import { type QuestionDraft, questionIssues } from './draft-values';
import { SwitchField, TextField, useIssues } from './fields';
import { OptionsEditor } from './OptionsEditor';
import { Section } from './Section';
import { TextsByLanguage } from './TextsByLanguage';

/** After an identifier changes, the rules that skipped to the old one skip to the new one. */
function useRenameTargets(index: number) {
  const form = useFormContext();
  const before = useRef<string | null>(null);
  return {
    onFocus: () => {
      before.current = form.getValues(`questions.${index}.identifier`);
    },
    onBlur: () => {
      const from = before.current;
      const questions = form.getValues('questions') as QuestionDraft[];
      const to = questions[index]?.identifier;
      before.current = null;
      if (!from || !to || from === to || questions.some((q, i) => i !== index && q.identifier === from)) return;
      questions.forEach((q, i) => {
        q.branching?.rules?.forEach((r, j) => {
          if (r.skipTo === from)
            form.setValue(`questions.${i}.branching.rules.${j}.skipTo` as never, to as never, { shouldDirty: true });
        });
        if (q.branching?.rejoinAt === from)
          form.setValue(`questions.${i}.branching.rejoinAt` as never, to as never, { shouldDirty: true });
      });
    },
  };
}

export function QuestionEditor(props: { index: number; count: number; onRetype: (type: QuestionType) => void }) {
  const { t } = useTranslation('activities');
  const { index } = props;
  const base = `questions.${index}`;
  const type = useWatch({ name: `${base}.type` }) as QuestionType;
  const identifier = useWatch({ name: `${base}.identifier` }) as string;
  const problems = questionIssues(useIssues(), index);
  const rename = useRenameTargets(index);
  const answers = !isSkippableType(type) && type !== 'SurveyInstruction';
  return (
    <Stack gap="md" data-testid="question-editor">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" mb="sm">
          <Title order={2} fz="lg">
            {t('builder.editing', { n: index + 1, count: props.count, identifier })}
          </Title>
          <Select
            label={t('builder.type')}
            data={QUESTION_TYPES.map((q) => ({ value: q, label: t(`types.${q}`) }))}
            value={type}
            onChange={(v) => v && v !== type && props.onRetype(v as QuestionType)}
            allowDeselect={false}
            searchable
            w={220}
          />
        </Group>
        {problems.length > 0 && (
          <Alert color="red" variant="light" mb="sm" title={t('builder.questionProblems', { count: problems.length })}>
            <List size="sm">
              {[...new Set(problems)].map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Stack gap="sm">
          <Group align="flex-start" gap="md">
            <TextField
              name={`${base}.identifier`}
              label={t('builder.identifier')}
              description={t('builder.identifierHint')}
              onFocus={rename.onFocus}
              onBlur={rename.onBlur}
              w={220}
            />
            {answers && !isAlwaysPassType(type) && (
              <div style={{ paddingTop: 28 }}>
                <SwitchField name={`${base}.optional`} label={t('builder.optional')} />
              </div>
            )}
            {answers && !isAlwaysPassType(type) && (
              <div style={{ paddingTop: 28 }}>
                <SwitchField
                  name={`${base}.unblindedOnly`}
                  label={t('builder.unblindedOnly')}
                  description={t('builder.unblindedOnlyHint')}
                />
              </div>
            )}
          </Group>
          <TextsByLanguage name={`${base}.body`} label={t('builder.body')} multiline />
          {isSkippableType(type) && (
            <Text size="sm" c="dimmed">
              {t('builder.skippable')}
            </Text>
          )}
        </Stack>
      </Paper>
      {isChoiceType(type) && (
        <Section title={t('options.title')}>
          <OptionsEditor base={base} type={type} />
        </Section>
      )}
      <ConstraintsEditor base={base} type={type} />
      {answers && (
        <Section title={t('checks.title')}>
          <ChecksEditor base={base} />
        </Section>
      )}
      {isBranchingCapable(type) && (
        <Section title={t('branching.title')}>
          <BranchingEditor index={index} type={type} />
        </Section>
      )}
    </Stack>
  );
}
