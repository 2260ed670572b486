/**
 * #/studies/:studyId/reports/new and …/reports/:reportId/edit (issue 13; G-017): a report's name, which participants,
 * fields and activities. Checked by the contract's rules before sending; the server's refusal shows at the same
 * fields. An edit is saved from the version read (expectedUpdatedAt): a change someone made meanwhile is not
 * overwritten (409), and reloading shows theirs.
 */
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  createReport,
  getReport,
  listReports,
  queryKeyOf,
  type Report,
  runReport,
  updateReport,
} from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError, api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery, usePageEnvironment } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import {
  bodyOf,
  type FormField,
  formFieldOf,
  NEW_REPORT,
  problemsOf,
  type ReportFormValues,
  valuesOf,
} from './definition';
import { useFailureText, useReportLabels } from './labels';
import { ReportFields } from './ReportFields';

export function ReportEditorPage() {
  const { studyId = '', reportId } = useParams();
  return reportId ? (
    <EditReport studyId={studyId} reportId={reportId} />
  ) : (
    <ReportForm studyId={studyId} initial={NEW_REPORT} />
  );
}

/** The report as it is now (read again on every opening: its updatedAt is what a save is checked against). */
function EditReport({ studyId, reportId }: { studyId: string; reportId: string }) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const report = useEndpointQuery(getReport, { params: { studyId, reportId } }, { staleTime: 0 });
  if (report.isError && !report.data)
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          {failure(report.error, t('error.generic'))}
          <Button size="xs" variant="light" onClick={() => void report.refetch()}>
            {t('report.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (!report.data || !report.isFetchedAfterMount)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" role="img" aria-label={t('report.loading')} />
      </Center>
    );
  // a reload after a conflict brings a newer updatedAt: the form starts again from the other person's version
  return (
    <ReportForm
      key={report.data.updatedAt}
      studyId={studyId}
      initial={valuesOf(report.data)}
      report={report.data}
      onReload={() => void report.refetch()}
    />
  );
}

interface FormProps {
  studyId: string;
  initial: ReportFormValues;
  /** The report edited; absent when making a new one. */
  report?: Report;
  onReload?: () => void;
}

function ReportForm({ studyId, initial, report, onReload }: FormProps) {
  const { t, i18n } = useTranslation('reports');
  const labels = useReportLabels();
  const navigate = useNavigate();
  const path = useStudyPath(studyId);
  const queryClient = useQueryClient();
  const env = usePageEnvironment();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ReportFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // a field's message goes once the person changes that field
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  /** A server refusal: its field messages at the fields, anything else above the form. */
  const showRefusal = (error: unknown) => {
    const atFields: Partial<Record<FormField, string>> = {};
    let unplaced = false;
    for (const [p, text] of Object.entries(fieldErrorsOf(error, i18n.language))) {
      const field = formFieldOf(p);
      if (field) atFields[field] ??= text;
      else unplaced = true;
    }
    setErrors(atFields);
    if (unplaced || Object.keys(atFields).length === 0)
      setRefusal(refusalText(error, i18n.language, t('error.generic')));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = problemsOf(values);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, labels.rule[p]])));
      return;
    }
    setBusy(true);
    setRefusal(null);
    setConflict(false);
    try {
      const body = bodyOf(values);
      const saved = report
        ? await api.call(updateReport, {
            params: { studyId, reportId: report.id },
            body: { ...body, expectedUpdatedAt: report.updatedAt },
          })
        : await api.call(createReport, { params: { studyId }, body });
      // the report's page shows what was saved at once; the list and results are read again when shown
      queryClient.setQueryData(queryKeyOf(getReport, { params: { studyId, reportId: saved.id } }, env), saved);
      void invalidateEndpoints(queryClient, listReports, runReport);
      notify(t('editor.saved'), { kind: 'success' });
      navigate(path(`reports/${saved.id}`));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setConflict(true);
      else showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const back = report ? path(`reports/${report.id}`) : path('reports');
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('list.title')}
          </Text>
          <Title order={1} fz={28}>
            {report ? t('editor.editTitle') : t('editor.newTitle')}
          </Title>
        </div>
        {conflict && (
          <Alert color="yellow" variant="light" role="alert">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{t('editor.conflict')}</Text>
              <Button size="xs" variant="light" onClick={onReload}>
                {t('editor.reload')}
              </Button>
            </Group>
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <ReportFields studyId={studyId} values={values} set={set} errors={errors} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" component={Link} to={back}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
