/**
 * Advanced scoring (C-031; decision B-086): whether the activity scores its responses, and its scoring
 * variables — a name and a formula over question identifiers and earlier variables, checked as it is
 * typed (formulaProblem: the message shows under the formula), saved with the DRAFT revision.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ActivityDetail, ActivityRevision } from '@trialpath/contract';
import { formulaProblem, refText, SCORING_FUNCTIONS } from '@trialpath/domain';
import { useLanguage } from '@trialpath/ui';
import { FormProvider, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { languagesOf, useSaveWithProblems } from './BuilderForm';
import type { QuestionDraft, VariableDraft } from './draft-values';
import { IssuesContext, LanguagesContext, newId, nextName, SwitchField, TextField, useIssue } from './fields';
import { SaveBar } from './SaveBar';
import { Section } from './Section';
import { useDraftForm } from './useDraftForm';
import { DownIcon, RemoveIcon, UpIcon } from './icons';

/** A formula, checked against the names known before it as it is typed. */
export function FormulaField({ name, label, known }: { name: string; label: string; known: ReadonlySet<string> }) {
  const lang = useLanguage();
  const { field } = useController({ name });
  const saved = useIssue(name);
  const text = (field.value as string | undefined) ?? '';
  const problem = formulaProblem(text, known);
  return (
    <Textarea
      label={label}
      value={text}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={problem ? refText(problem, lang) : saved}
      autosize
      minRows={1}
      ff="monospace"
      style={{ flex: 1, minWidth: 260 }}
    />
  );
}

function Variables() {
  const { t } = useTranslation('activities');
  const form = useFormContext();
  const { fields, append, move, remove } = useFieldArray({
    control: form.control,
    name: 'scoringVariables',
    keyName: 'key',
  });
  const questions = (useWatch({ name: 'questions' }) ?? []) as QuestionDraft[];
  const variables = (useWatch({ name: 'scoringVariables' }) ?? []) as VariableDraft[];
  const identifiers = questions.map((q) => q.identifier);
  const add = () =>
    append({
      id: newId('v'),
      name: nextName(
        'score',
        variables.map((v) => v.name),
      ),
      expression: '',
    } as never);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('scoring.names', { names: identifiers.join(', ') || '—', functions: SCORING_FUNCTIONS.join(', ') })}
      </Text>
      {fields.map((f, j) => {
        const n = j + 1;
        const known = new Set([...identifiers, ...variables.slice(0, j).map((v) => v.name)]);
        return (
          <Paper key={f.key} withBorder radius="sm" p="xs" bg="gray.0" data-testid={`variable-${n}`}>
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextField name={`scoringVariables.${j}.name`} label={t('scoring.name', { n })} w={180} />
              <FormulaField
                name={`scoringVariables.${j}.expression`}
                label={t('scoring.formula', { n })}
                known={known}
              />
              <Group gap={2} mt={28} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  disabled={j === 0}
                  onClick={() => move(j, j - 1)}
                  aria-label={t('scoring.up', { n })}
                >
                  <UpIcon />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  disabled={j === fields.length - 1}
                  onClick={() => move(j, j + 1)}
                  aria-label={t('scoring.down', { n })}
                >
                  <DownIcon />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  onClick={() => remove(j)}
                  aria-label={t('scoring.remove', { n })}
                >
                  <RemoveIcon />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('scoring.none')}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={add}>
          {t('scoring.add')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ScoringForm(props: { activity: ActivityDetail; revision: ActivityRevision; reload: () => void }) {
  const { t } = useTranslation('activities');
  const draft = useDraftForm(props.activity, props.revision);
  const { save, refusedFor } = useSaveWithProblems(draft);
  return (
    <FormProvider {...draft.form}>
      <IssuesContext.Provider value={draft.issues}>
        <LanguagesContext.Provider value={languagesOf(draft.values.title)}>
          {draft.guard}
          <Stack gap="md">
            <SaveBar
              revision={props.revision}
              dirty={draft.dirty}
              saving={draft.saving}
              problems={Object.keys(draft.issues).length}
              refusedFor={refusedFor}
              refusal={draft.refusal}
              onSave={() => void save()}
              onReload={props.reload}
            />
            <Section title={t('scoring.title')}>
              <SwitchField name="canScoreResponses" label={t('scoring.switch')} description={t('scoring.switchHint')} />
              <Variables />
            </Section>
          </Stack>
        </LanguagesContext.Provider>
      </IssuesContext.Provider>
    </FormProvider>
  );
}
