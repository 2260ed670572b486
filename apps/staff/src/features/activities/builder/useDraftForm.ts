/**
 * The DRAFT revision being edited (C-031): react-hook-form over its definition, the domain's check as it
 * is typed, the save with the revision's lock version (409: someone else saved it, or it is frozen now;
 * 400: the server's field messages on the same fields), and the unsaved-changes guard.
 */
import {
  type ActivityDetail,
  type ActivityRevision,
  ApiRequestError,
  getActivity,
  getActivityRevision,
  listActivities,
  queryKeyOf,
  saveActivityRevision,
} from '@trialpath/contract';
import { notify, useLanguage, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldValues, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../shared/api';
import { invalidateEndpoints, usePageEnvironment } from '../../../shared/queries';
import {
  type ActivityInput,
  canonical,
  changedFrom,
  cleanDefinition,
  type DraftValues,
  type Issues,
  localIssues,
  serverIssues,
} from './draft-values';

export interface Refusal {
  text: string;
  /** Someone else's change (409): the way on is to load the revision again. */
  conflict: boolean;
}

export function useDraftForm(activity: ActivityDetail, revision: ActivityRevision) {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const env = usePageEnvironment();
  const form = useForm<FieldValues>({ defaultValues: revision.definition as FieldValues });
  const lock = useRef(revision.lockVersion);
  // What was last loaded or saved; react-hook-form's own isDirty counts a field shown but never filled.
  const [saved, setSaved] = useState(() => canonical(cleanDefinition(revision.definition as unknown as DraftValues)));
  const values = useWatch({ control: form.control }) as DraftValues;
  const [server, setServer] = useState<Issues>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  // The server's messages were about what was sent: the next change clears them.
  useEffect(() => {
    const sub = form.watch(() => setServer((s) => (Object.keys(s).length ? {} : s)));
    return () => sub.unsubscribe();
  }, [form]);
  const issues: Issues = { ...localIssues(values, lang), ...server };
  const dirty = changedFrom(saved, values);
  const guard = useUnsavedChangesGuard(dirty);

  /** Check, then save; the problems found (none: saved or refused as a whole). */
  const save = async (): Promise<Issues> => {
    setRefusal(null);
    const definition = cleanDefinition(form.getValues() as DraftValues);
    const problems = localIssues(definition, lang);
    if (Object.keys(problems).length > 0) return problems;
    setSaving(true);
    try {
      const params = { activityId: activity.id, revisionId: revision.id };
      const result = await api.call(saveActivityRevision, {
        params,
        body: { lockVersion: lock.current, definition: definition as unknown as ActivityInput },
      });
      lock.current = result.lockVersion;
      form.reset(result.definition as FieldValues);
      setSaved(canonical(cleanDefinition(result.definition as unknown as DraftValues)));
      queryClient.setQueryData(queryKeyOf(getActivityRevision, { params }, env), result);
      await invalidateEndpoints(queryClient, getActivity, listActivities);
      notify(t('builder.saved', { number: result.number }), { kind: 'success' });
      return {};
    } catch (e) {
      const fields = serverIssues(e, lang);
      if (Object.keys(fields).length > 0) {
        setServer(fields);
        return fields;
      }
      const conflict = e instanceof ApiRequestError && e.status === 409;
      setRefusal({ text: errorMessage(e, t('common.failed')), conflict });
      return {};
    } finally {
      setSaving(false);
    }
  };

  return { form, values, issues, dirty, saving, refusal, guard, save };
}

export type DraftForm = ReturnType<typeof useDraftForm>;
