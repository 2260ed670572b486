/**
 * The export screens (issue 14): #/studies/:studyId/data-export (H-001), compliance-report-export (H-002), and the
 * page of one export — data-export/:token/resourceId/:resourceId (H-003, the link of a study data export) and
 * report-data-export/resources/:resourceId (H-004). Each has its test twin, which shows everything but the action
 * buttons. The server decides who may export and download (exports.run, sites, blinding).
 */
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { createExport, type ExportJob, type ExportKind, getExport, listExports } from '@trialpath/contract';
import { isTestTwinPath } from '@trialpath/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { type ExportRequest, ExportForm } from './ExportForm';
import { ExportList, jobPath } from './ExportList';
import { DownloadButton, JobProgress, StatusBadge, useSizeText } from './ExportStatus';

/** Asks for an export and opens its page; a refusal is shown above the form. */
export function useRequestExport(studyId: string) {
  const { t, i18n } = useTranslation('exports');
  const navigate = useNavigate();
  const path = useStudyPath(studyId);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = async (kind: ExportKind, r: ExportRequest) => {
    setRefusal(null);
    try {
      const job = await api.call(createExport, { params: { studyId }, body: { kind, ...r } });
      await invalidateEndpoints(queryClient, listExports);
      navigate(path(jobPath(job, job.token)));
    } catch (e) {
      setRefusal(refusalText(e, i18n.language, t('actions.failed')));
    }
  };
  return { request, refusal };
}

function ExportScreen({ kind }: { kind: 'STUDY_DATA' | 'COMPLIANCE' }) {
  const { t } = useTranslation('exports');
  const { studyId = '' } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const { request, refusal } = useRequestExport(studyId);
  const data = kind === 'STUDY_DATA';
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} fz={28}>
          {data ? t('page.dataTitle') : t('page.complianceTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {data ? t('page.dataSubtitle') : t('page.complianceSubtitle')}
        </Text>
      </div>
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <ExportForm
        studyId={studyId}
        variant={data ? 'data' : 'compliance'}
        onExport={twin ? null : (r) => request(kind, r)}
      />
      <ExportList
        studyId={studyId}
        kinds={data ? ['STUDY_DATA'] : ['COMPLIANCE', 'REPORT', 'PARTICIPANT_DASHBOARD']}
        actions={!twin}
      />
    </Stack>
  );
}

export const DataExportPage = () => <ExportScreen kind="STUDY_DATA" />;
export const ComplianceExportPage = () => <ExportScreen kind="COMPLIANCE" />;

const running = (job: ExportJob | undefined) => job?.status === 'QUEUED' || job?.status === 'RUNNING';

/** One export: its progress while it is made (polled every second), then its file and the Download (H-003, H-004). */
export function ExportJobPage() {
  const { t, i18n } = useTranslation('exports');
  const { studyId = '', resourceId = '', token = null } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const path = useStudyPath(studyId);
  const size = useSizeText();
  const job = useEndpointQuery(
    getExport,
    { params: { studyId, exportId: resourceId } },
    { refetchInterval: (q) => (running(q.state.data) ? 1000 : false) },
  );
  const j = job.data;
  const back = j?.kind === 'STUDY_DATA' ? 'data-export' : 'compliance-report-export';
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz={28}>
        {t('job.title')}
      </Title>
      {job.isError && (
        <Alert color="red" variant="light" role="alert">
          {refusalText(job.error, i18n.language, t('job.loadFailed'))}
        </Alert>
      )}
      {j && (
        <Stack gap="sm">
          <Group gap="xs">
            <StatusBadge job={j} />
          </Group>
          <JobProgress job={j} />
          {j.status === 'FAILED' && (
            <Alert color="red" variant="light" role="alert">
              {t('job.failedText', { reason: j.error ?? '' })}
            </Alert>
          )}
          {j.status === 'SUCCEEDED' && j.expired && (
            <Alert color="yellow" variant="light" role="alert">
              {t('job.expiredText')}
            </Alert>
          )}
          {j.status === 'SUCCEEDED' && !j.expired && (
            <Stack gap={4}>
              <Text fw={600}>{t('job.ready')}</Text>
              <Text size="sm">
                {t('job.fileName')}: {j.fileName}
              </Text>
              <Text size="sm">
                {t('job.size')}: {size(j.byteSize ?? 0)}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {t('job.checksum')}: {j.sha256}
              </Text>
              {j.expiresAt && (
                <Text size="sm" c="dimmed">
                  {t('job.expires', { when: new Date(j.expiresAt).toLocaleString(i18n.language) })}
                </Text>
              )}
              {token && (
                <Text size="sm" c="dimmed">
                  {t('job.shareHint')}
                </Text>
              )}
            </Stack>
          )}
          {!twin && <DownloadButton studyId={studyId} job={j} token={token} />}
        </Stack>
      )}
      <Anchor component={Link} to={path(back)} size="sm">
        {back === 'data-export' ? t('job.back') : t('job.backCompliance')}
      </Anchor>
    </Stack>
  );
}

/** H-006 and H-011: a button that asks for a saved report's data zip, or one participant's dashboard data. */
export function ExportDataButton({
  studyId,
  kind,
  reportId = null,
  participantId = null,
}: {
  studyId: string;
  kind: 'REPORT' | 'PARTICIPANT_DASHBOARD';
  reportId?: string | null;
  participantId?: string | null;
}) {
  const { t } = useTranslation('exports');
  const twin = isTestTwinPath(useLocation().pathname);
  const { request, refusal } = useRequestExport(studyId);
  const [busy, setBusy] = useState(false);
  if (twin) return null;
  const go = async () => {
    setBusy(true);
    await request(kind, {
      formats: [],
      filters: {
        siteIds: [],
        compliance: null,
        fromDate: null,
        toDate: null,
        activityIds: [],
        reportId,
        participantId,
      },
    });
    setBusy(false);
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" loading={busy} onClick={() => void go()}>
        {kind === 'REPORT' ? t('actions.exportReport') : t('actions.exportDashboard')}
      </Button>
      {refusal && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
