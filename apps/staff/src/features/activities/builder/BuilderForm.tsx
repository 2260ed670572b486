/**
 * The form builder (C-031, the questions tab): the DRAFT revision's title and texts and its questions,
 * checked by the domain as they are typed, saved with the lock version, guarded against leaving unsaved.
 */
import { Stack } from '@mantine/core';
import type { ActivityDetail, ActivityRevision } from '@trialpath/contract';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActivityTexts } from './ActivityTexts';
import { firstQuestionWithIssue } from './draft-values';
import { IssuesContext, LanguagesContext } from './fields';
import { QuestionsPanel } from './QuestionsPanel';
import { SaveBar } from './SaveBar';
import { type DraftForm, useDraftForm } from './useDraftForm';

/** The languages of an activity's texts: its title's, English and Spanish, and any added here. */
export function languagesOf(title: Record<string, string> | undefined, added: readonly string[] = []): string[] {
  return [...new Set(['en', 'es', ...Object.keys(title ?? {}), ...added])];
}

/** Save, and when problems stop it, say where the first is (and show that question). */
export function useSaveWithProblems(draft: DraftForm, onQuestion?: (index: number) => void) {
  const { t } = useTranslation('activities');
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const save = async () => {
    setRefusedFor(null);
    const problems = await draft.save();
    const count = Object.keys(problems).length;
    if (count === 0) return;
    const q = firstQuestionWithIssue(problems);
    if (q !== null) onQuestion?.(q);
    setRefusedFor(q !== null ? t('builder.refusedQuestion', { count, n: q + 1 }) : t('builder.refused', { count }));
  };
  const open = Object.keys(draft.issues).length > 0 ? refusedFor : null;
  return { save, refusedFor: open };
}

export function BuilderForm(props: { activity: ActivityDetail; revision: ActivityRevision; reload: () => void }) {
  const draft = useDraftForm(props.activity, props.revision);
  const [selected, setSelected] = useState(0);
  const [added, setAdded] = useState<string[]>([]);
  const { save, refusedFor } = useSaveWithProblems(draft, setSelected);
  const languages = languagesOf(draft.values.title, added);
  return (
    <FormProvider {...draft.form}>
      <IssuesContext.Provider value={draft.issues}>
        <LanguagesContext.Provider value={languages}>
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
            <ActivityTexts onAddLanguage={(l) => setAdded((a) => [...a, l])} />
            <QuestionsPanel selected={selected} onSelect={setSelected} />
          </Stack>
        </LanguagesContext.Provider>
      </IssuesContext.Provider>
    </FormProvider>
  );
}
