/**
 * #/studies/:studyId/reports/:reportId (issue 13; G-018): a saved report run on the current data, every opening (no
 * cached answer is reused), a page of 100 rows at a time, with the total; its CSV is every row, as the server writes
 * it. The file is named by the product's export rule (`Report_name_<timestamp>.csv`): the typed client gives the
 * text, not the server's file name.
 */
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { exportReport, getReport, runReport } from '@trialpath/contract';
import { can, csvFileName } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../shared/api';
import { authoritiesFor } from '../../shared/authorities';
import { storage } from '../../shared/storage';
import { saveFile } from '../../shared/download';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { ExportDataButton } from '../exports/pages';
import { useStudyPath } from '../schedules/data';
import { useFailureText, useSummary } from './labels';
import { ResultTable } from './ResultTable';

const PAGE_SIZE = 100;

export function ReportPage() {
  const { t, i18n } = useTranslation('reports');
  const { studyId = '', reportId = '' } = useParams();
  const canExport = authoritiesFor(studyId, storage).some((a) => can(a, 'exports.run'));
  const path = useStudyPath(studyId);
  const summary = useSummary();
  const failure = useFailureText();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const params = { studyId, reportId };
  const report = useEndpointQuery(getReport, { params }, { staleTime: 0 });
  const result = useEndpointQuery(
    runReport,
    { params, query: { page, pageSize: PAGE_SIZE } },
    { staleTime: 0, placeholderData: keepPreviousData },
  );
  const name = report.data?.name ?? '';

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await api.call(exportReport, { params });
      // the byte-order mark the file was sent with (the browser's decoding took it off): spreadsheets read UTF-8
      saveFile(csvFileName(name, new Date()), 'text/csv;charset=utf-8', `\uFEFF${String(csv)}`);
    } catch (e) {
      notify(refusalText(e, i18n.language, t('error.generic')), { kind: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  if (report.isError && !report.data)
    return (
      <Alert color="red" variant="light" role="alert">
        {failure(report.error, t('report.failed'))}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to={path('reports')} size="sm">
        {t('report.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('report.kicker')}
          </Text>
          <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {report.data && (
            <Text size="sm" c="dimmed">
              {summary(report.data.definition)}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" component={Link} to={path(`reports/${reportId}/edit`)}>
            {t('report.edit')}
          </Button>
          <Button variant="default" onClick={() => void download()} loading={downloading} disabled={!report.data}>
            {t('report.download')}
          </Button>
          <Button variant="light" onClick={() => void result.refetch()} loading={result.isFetching}>
            {t('report.refresh')}
          </Button>
          {/* H-006: the report's data as a zip, made in the background */}
          {canExport && <ExportDataButton studyId={studyId} kind="REPORT" reportId={reportId} />}
        </Group>
      </Group>
      {result.isError && !result.data && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            {failure(result.error, t('report.failed'))}
            <Button size="xs" variant="light" onClick={() => void result.refetch()}>
              {t('report.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!result.data && !result.isError && (
        <Center py="xl" role="status">
          <Loader size="sm" role="img" aria-label={t('report.loading')} />
        </Center>
      )}
      {result.data && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} aria-live="polite">
              {t('report.participants', { count: result.data.total })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('report.generatedAt', { at: new Date(result.data.generatedAt).toLocaleString(i18n.language) })}
            </Text>
          </Group>
          <ResultTable caption={name} result={result.data} busy={result.isFetching} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
