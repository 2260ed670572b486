/**
 * Recording a study's approvals in two steps (C-065; decision 0041). review/approval shows the two flags
 * with who and when; ticking or unticking them leads to review/study-approval-confirm with the intended
 * change in the address (`?internal=record&irb=withdraw`). The confirm screen reads the approvals afresh,
 * shows each flag's before → after, the study and its versions, who records it and what recording means,
 * asks the reason a withdrawal needs, and records the change against the record it showed (a change
 * since is refused, not overwritten).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  ApiRequestError,
  getStudyBuildProgress,
  getStudyOverviewV2,
  getStudyRecord,
  listStudyVersions,
  type StaffUser,
  type StudyRecord,
  type StudyVersionSummary,
  setStudyApproval,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import i18n from '../../i18n';
import { api } from '../../shared/api';
import { authoritiesFor } from '../../shared/authorities';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { storage } from '../../shared/storage';
import { StatusBadge } from '../studies/StatusBadge';
import {
  type ApprovalFlag,
  approvalChangeQuery,
  changeFromTicks,
  mayRecordApprovals,
  parseApprovalChange,
  planApproval,
} from './approval-change';
import { versionFacts } from './design-overview';
import { Loading, StudyHeader, useRun, useStudyRecord } from './StudyBuildPages';
import { Fact } from './StudySummaryPage';

/** Whether the signed-in person may record this study's approvals (the server decides again). */
function mayRecordHere(studyId: string, status: string): boolean {
  const readOnly = storage.getUser<{ readOnly?: boolean }>()?.readOnly ?? false;
  return mayRecordApprovals(authoritiesFor(studyId, storage), readOnly, status);
}

type PersonAt = StudyRecord['approval']['internalApproved'];

function useWho() {
  const {
    t,
    i18n: { language },
  } = useTranslation(['study-build', 'studies']);
  return (p: PersonAt) =>
    p ? t('build.approvedBy', { name: p.name, at: new Date(p.at).toLocaleString(language) }) : t('build.notApproved');
}

const RECORDED: Record<ApprovalFlag, (a: StudyRecord['approval']) => PersonAt> = {
  internal: (a) => a.internalApproved,
  irb: (a) => a.irbEcApproved,
};

function FlagLabel({ flag }: { flag: ApprovalFlag }) {
  const { t } = useTranslation(['study-build', 'studies']);
  return <>{flag === 'internal' ? t('build.internalApproval') : t('build.irbApproval')}</>;
}

function ApprovedBadge({ on }: { on: boolean }) {
  const { t } = useTranslation(['study-build', 'studies']);
  return on ? (
    <Badge color="teal.9" variant="outline" radius="sm" tt="none">
      {t('build.confirm.approved')}
    </Badge>
  ) : (
    <Badge color="gray.7" variant="outline" radius="sm" tt="none">
      {t('build.confirm.notApproved')}
    </Badge>
  );
}

/** #/studies/:studyId/review/approval: the two approval flags with who and when; a change goes to its confirmation. */
export function StudyApprovalPage() {
  const { t } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const who = useWho();
  const [ticks, setTicks] = useState<Partial<Record<ApprovalFlag, boolean>>>({});
  const s = record.data;
  if (!s) return <Loading failed={record.isError} />;
  const a = s.approval;
  const may = mayRecordHere(studyId, s.status);
  const ticked = {
    internal: ticks.internal ?? a.isInternalOrganizationalApproved,
    irb: ticks.irb ?? a.isIrbEcApproved,
  };
  const change = changeFromTicks(a, ticked);
  const changed = Object.keys(change).length > 0;
  const checkbox = (flag: ApprovalFlag) => (
    <Checkbox
      label={<FlagLabel flag={flag} />}
      description={who(RECORDED[flag](a))}
      checked={ticked[flag]}
      disabled={!may}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        setTicks((x) => ({ ...x, [flag]: on }));
      }}
    />
  );
  return (
    <Stack gap="md" maw={760} mx="auto">
      <StudyHeader s={s} title={t('build.nav.review/approval')} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {may ? (
            <Text size="sm" c="dimmed">
              {t('build.approvalHelp')}
            </Text>
          ) : (
            <Alert color="gray" variant="light">
              {t('build.confirm.notAllowed')}
            </Alert>
          )}
          {checkbox('internal')}
          {checkbox('irb')}
          {may && (
            <Group justify="flex-end">
              <Button
                disabled={!changed}
                onClick={() =>
                  navigate(`${pathname.replace(/approval$/, 'study-approval-confirm')}?${approvalChangeQuery(change)}`)
                }
              >
                {t('build.reviewChange')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** #/studies/:studyId/review/study-approval-confirm?internal=record|withdraw&irb=record|withdraw */
export function StudyApprovalConfirmPage() {
  const {
    t,
    i18n: { language },
  } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const who = useWho();
  const failure = useRun();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const s = record.data;
  const may = s ? mayRecordHere(studyId, s.status) : false;
  // The versions need the design permission, as the approval does: asked only of those who may record.
  const versions = useEndpointQuery(listStudyVersions, { params: { studyId } }, { enabled: may });
  if (!s) return <Loading failed={record.isError} />;
  const back = pathname.replace(/study-approval-confirm$/, 'approval');
  const change = parseApprovalChange(search);
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      {t('build.summary.openApproval')}
    </Anchor>
  );
  const frame = (body: ReactNode) => (
    <Stack gap="md" maw={860} mx="auto">
      <StudyHeader s={s} title={t('build.confirm.title')} />
      {body}
    </Stack>
  );
  if (!change) {
    return frame(
      <Alert color="blue" variant="light" title={t('build.confirm.invalidTitle')} data-testid="approval-change-invalid">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('build.confirm.invalid')}</Text>
          {backLink}
        </Stack>
      </Alert>,
    );
  }
  const plan = planApproval(change, s.approval);
  if (!plan.changed) {
    return frame(
      <Alert color="blue" variant="light" title={t('build.confirm.noChangeTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('build.confirm.noChange')}</Text>
          {backLink}
        </Stack>
      </Alert>,
    );
  }
  const facts = versionFacts(versions.data?.items ?? []);
  const none = t('build.design.none');
  const versionLine = (v: StudyVersionSummary | null) =>
    !v
      ? none
      : v.publishedAt
        ? t('build.design.publishedAt', { name: v.name, at: new Date(v.publishedAt).toLocaleDateString(language) })
        : t('build.design.changedAt', { name: v.name, at: new Date(v.updatedAt).toLocaleDateString(language) });
  const me = storage.getUser<Pick<StaffUser, 'name' | 'username'>>();
  const confirm = () =>
    failure.run(async () => {
      const why = reason.trim();
      if (plan.withdraws && !why) {
        setReasonError(translate('errors.required', undefined, i18n.language));
        return;
      }
      setReasonError(null);
      setBusy(true);
      try {
        await api.call(setStudyApproval, {
          params: { studyId },
          body: { ...plan.body, ...(why ? { reason: why } : {}), revision: s.revision },
        });
      } catch (e) {
        // Someone changed the study meanwhile: show the approvals as they are now under the refusal.
        if (e instanceof ApiRequestError && e.status === 409) void record.refetch();
        throw e;
      } finally {
        setBusy(false);
      }
      notify(t('build.approvalSaved'), { kind: 'success' });
      await invalidateEndpoints(queryClient, getStudyRecord, getStudyBuildProgress, getStudyOverviewV2);
      navigate(back);
    });
  return frame(
    <>
      <Text size="sm" c="dimmed">
        {t('build.confirm.intro')}
      </Text>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirm-change">
        <Title order={2} fz="lg" mb="sm" id="confirm-change">
          {t('build.confirm.change')}
        </Title>
        <Table verticalSpacing="sm" aria-labelledby="confirm-change" data-testid="approval-change">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('build.confirm.approval')}</Table.Th>
              <Table.Th>{t('build.confirm.now')}</Table.Th>
              <Table.Th>{t('build.confirm.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.rows.map((r) => (
              <Table.Tr key={r.flag} data-testid={`approval-change-${r.flag}`}>
                <Table.Td fw={600}>
                  <FlagLabel flag={r.flag} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <ApprovedBadge on={r.before} />
                    {r.before && (
                      <Text size="xs" c="dimmed">
                        {who(RECORDED[r.flag](s.approval))}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {r.before === r.after ? (
                    <Text size="sm" c="dimmed">
                      {t('build.confirm.unchanged')}
                    </Text>
                  ) : (
                    <Group gap="xs">
                      <Text size="sm" aria-hidden>
                        →
                      </Text>
                      <ApprovedBadge on={r.after} />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirm-concerns">
        <Title order={2} fz="lg" mb="sm" id="confirm-concerns">
          {t('build.confirm.concerns')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label={t('build.confirm.study')}>
            <Group gap="xs">
              <span>
                {s.name} · {s.code}
              </span>
              <StatusBadge status={s.status} />
            </Group>
          </Fact>
          {may && (
            <>
              <Fact label={t('build.confirm.publishedVersion')}>{versionLine(facts.published)}</Fact>
              {facts.live && facts.live.id !== facts.published?.id && (
                <Fact label={t('build.confirm.liveVersion')}>{versionLine(facts.live)}</Fact>
              )}
              <Fact label={t('build.confirm.draftVersion')}>{versionLine(facts.draft)}</Fact>
            </>
          )}
          <Fact label={t('build.confirm.recordedBy')}>{me?.name || me?.username || none}</Fact>
          <Fact label={t('build.confirm.recordedAt')}>{t('build.confirm.atConfirm')}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirm-meaning">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="confirm-meaning">
            {t('build.confirm.meaningTitle')}
          </Title>
          <Text size="sm">{t('build.confirm.meaning')}</Text>
          {may ? (
            <>
              {failure.error && (
                <Alert color="red" variant="light" role="alert">
                  {failure.error}
                </Alert>
              )}
              {plan.withdraws ? (
                <Textarea
                  label={t('build.approvalReason')}
                  withAsterisk
                  autosize
                  minRows={2}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.currentTarget.value);
                    setReasonError(null);
                  }}
                  error={reasonError}
                />
              ) : (
                <Textarea
                  label={t('build.confirm.note')}
                  autosize
                  minRows={2}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
              )}
            </>
          ) : (
            <Alert color="gray" variant="light">
              {t('build.confirm.notAllowed')}
            </Alert>
          )}
          <Group justify="space-between" mt="xs">
            <Button component={Link} to={back} variant="default">
              {t('build.confirm.back')}
            </Button>
            {may && (
              <Button color={plan.withdraws ? 'red.8' : undefined} loading={busy} onClick={confirm}>
                {t('build.saveApproval')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </>,
  );
}
