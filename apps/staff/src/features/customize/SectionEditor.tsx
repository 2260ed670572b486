/**
 * One content section's editor (decision 0034): a form on the section's save endpoint (its zod body
 * through useContractForm), saved whole with the revision read. The server's field messages go on
 * the fields; a 409 DRAFT_CONFLICT keeps the person's edits and offers to reload the other person's
 * save, after which the edits can be put back or discarded. A published version shows read-only.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ApiRequestError,
  DRAFT_SECTION_ENDPOINTS,
  type Endpoint,
  getStudyVersion,
  type StudyVersionContent,
} from '@trialpath/contract';
import { type FieldMessageRefs, type StudyContentSection, sectionTitleKey, translate } from '@trialpath/domain';
import { ErrorAlert, notify, serverFieldRefs, useContractForm } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { clientErrorMessage } from '../auth/form-error';
import { ConsentPreview } from './ConsentPreview';
import { EditorCtx, type EditorContext, SectionField } from './fields';
import { SECTION_FIELDS } from './screens';

interface SectionForm extends FieldValues {
  revision: number;
  value: Record<string, unknown>;
}

export interface SectionEditorProps {
  studyId: string;
  version: StudyVersionContent;
  section: StudyContentSection;
  languages: readonly string[];
  language: string;
  readOnly: boolean;
}

/** Puts every per-field message of a refused save on the form, including a text's missing language. */
function placeFieldErrors(e: unknown, form: UseFormReturn<FieldValues>, lang: string): boolean {
  if (!(e instanceof ApiRequestError)) return false;
  const { refs } = serverFieldRefs(e.body);
  const entries = Object.entries((refs ?? {}) as FieldMessageRefs).filter(([p]) => p.startsWith('value'));
  entries.forEach(([path, list], i) => {
    const first = list[0];
    if (first)
      form.setError(
        path,
        { type: first.key, message: translate(first.key, first.params, lang) },
        { shouldFocus: i === 0 },
      );
  });
  return entries.length > 0;
}

export function SectionEditor({ studyId, version, section, languages, language, readOnly }: SectionEditorProps) {
  const { t, i18n } = useTranslation('customize');
  const queryClient = useQueryClient();
  const endpoint = DRAFT_SECTION_ENDPOINTS[section] as unknown as Endpoint;
  const form = useContractForm(endpoint.body!, {
    defaultValues: { revision: version.sectionRevisions[section], value: version.content[section] } as SectionForm,
  }) as unknown as UseFormReturn<FieldValues>;
  const [conflict, setConflict] = useState(false);
  const [kept, setKept] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const title = translate(sectionTitleKey(section), undefined, i18n.language);
  const headingId = `section-${section}`;

  const ctx = useMemo<EditorContext>(
    () => ({ studyId, form, section, languages, language, readOnly, consents: version.content.consents.items }),
    [studyId, form, section, languages, language, readOnly, version.content.consents.items],
  );

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = (await api.call(endpoint, {
        params: { studyId, versionId: version.id },
        body: values,
      } as never)) as { revision: number; value: Record<string, unknown> };
      form.reset({ revision: saved.revision, value: saved.value });
      setKept(null);
      notify(t('editor.saved', { section: title }), { kind: 'success' });
      void invalidateEndpoints(queryClient, getStudyVersion);
    } catch (e) {
      if (e instanceof ApiRequestError && e.body?.code === 'DRAFT_CONFLICT') {
        setConflict(true);
        return;
      }
      if (placeFieldErrors(e, form, i18n.language)) return;
      setError(clientErrorMessage(e) ?? (e instanceof Error ? e.message : String(e)));
    }
  });

  /** Loads the other person's save; the person's own edits stay at hand to put back. */
  const reload = async () => {
    setReloading(true);
    try {
      const mine = form.getValues('value') as Record<string, unknown>;
      const latest = await api.call(getStudyVersion, { params: { studyId, versionId: version.id } });
      form.reset({ revision: latest.sectionRevisions[section], value: latest.content[section] });
      setKept(mine);
      setConflict(false);
      void invalidateEndpoints(queryClient, getStudyVersion);
    } catch (e) {
      setError(clientErrorMessage(e));
    } finally {
      setReloading(false);
    }
  };

  const putBack = () => {
    if (kept) form.setValue('value', kept, { shouldDirty: true });
    setKept(null);
  };

  const fields = SECTION_FIELDS[section] ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <EditorCtx.Provider value={ctx}>
        <form onSubmit={save} noValidate data-testid={`section-${section}`}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg" id={headingId}>
                {title}
              </Title>
              {form.formState.isDirty && !readOnly && (
                <Text size="sm" fw={600}>
                  {t('editor.unsaved')}
                </Text>
              )}
            </Group>
            {conflict && (
              <Alert color="red" variant="light" role="alert">
                <Stack gap="xs">
                  <Text size="sm">{translate('versions.draftConflict', { section: title }, i18n.language)}</Text>
                  <Text size="sm">{t('editor.kept')}</Text>
                  <Group>
                    <Button size="xs" color="red.9" onClick={() => void reload()} loading={reloading}>
                      {t('editor.reload')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {kept && (
              <Alert color="blue" variant="light">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">{t('editor.kept')}</Text>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={putBack}>
                      {t('editor.restore')}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setKept(null)}>
                      {t('editor.discard')}
                    </Button>
                  </Group>
                </Group>
              </Alert>
            )}
            {error && <ErrorAlert>{error}</ErrorAlert>}
            {fields.map((f) => (
              <SectionField key={f.name} base="value" spec={f} />
            ))}
            {section === 'consents' && <ConsentPreview consents={[]} languages={languages} language={language} />}
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={form.formState.isSubmitting} disabled={conflict}>
                  {t('editor.save', { section: title })}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </EditorCtx.Provider>
    </Paper>
  );
}
