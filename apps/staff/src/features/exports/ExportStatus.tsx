/**
 * How an export stands, in words and a progress bar (percent and rows), and its file's download: shared by the list of
 * one's exports and the pages of one export (H-003, H-004). A download failure is said where the button is.
 */
import { Alert, Badge, Button, Progress, Stack, Text } from '@mantine/core';
import { downloadExport, downloadReportExport, type ExportJob } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEndpointFile } from '../../shared/api';
import { refusalText } from '../../shared/refusal';

export function useSizeText() {
  const { t } = useTranslation('exports');
  return (bytes: number) =>
    bytes < 1024
      ? t('size.bytes', { n: bytes })
      : bytes < 1024 * 1024
        ? t('size.kb', { n: (bytes / 1024).toFixed(1) })
        : t('size.mb', { n: (bytes / 1024 / 1024).toFixed(1) });
}

export function StatusBadge({ job }: { job: ExportJob }) {
  const { t } = useTranslation('exports');
  const label: Record<ExportJob['status'], string> = {
    QUEUED: t('status.QUEUED'),
    RUNNING: t('status.RUNNING'),
    SUCCEEDED: t('status.SUCCEEDED'),
    FAILED: t('status.FAILED'),
  };
  if (job.status === 'SUCCEEDED' && job.expired) return <Badge color="gray">{t('status.expired')}</Badge>;
  const color = { QUEUED: 'gray', RUNNING: 'blue', SUCCEEDED: 'green', FAILED: 'red' }[job.status];
  return <Badge color={color}>{label[job.status]}</Badge>;
}

export function JobProgress({ job }: { job: ExportJob }) {
  const { t } = useTranslation('exports');
  if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return null;
  const text =
    job.percent === null || job.rowsTotal === null
      ? t('job.counting')
      : t('job.progress', { done: job.rowsDone, total: job.rowsTotal, percent: job.percent });
  return (
    <Stack gap={4}>
      <Progress value={job.percent ?? 0} animated aria-label={text} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}

/** The Download button of a finished export: by the link's token (H-003), or as its requester (H-004). */
export function DownloadButton({
  studyId,
  job,
  token,
  compact,
}: {
  studyId: string;
  job: ExportJob;
  token: string | null;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('exports');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (job.status !== 'SUCCEEDED' || job.expired || !job.fileName) return null;
  const fileName = job.fileName;
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (token) await downloadEndpointFile(downloadExport, { params: { studyId, exportId: job.id, token } }, fileName);
      else await downloadEndpointFile(downloadReportExport, { params: { studyId, exportId: job.id } }, fileName);
    } catch (e) {
      setProblem(refusalText(e, i18n.language, t('actions.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={compact ? 'compact-sm' : 'sm'}
        variant={compact ? 'subtle' : 'filled'}
        loading={busy}
        onClick={() => void download()}
        aria-label={t('actions.downloadOf', { name: fileName })}
      >
        {t('actions.download')}
      </Button>
      {problem && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
