/**
 * #/studies/:studyId/participant-transfers (E-022; decision E-site-transfers): the study's site transfers from or to
 * the sites the person sees, in the page's data space — pending ones unless another status is chosen (kept in the
 * address). The receiving site's staff approve or refuse a pending one with a review reason (never the person who
 * asked: the server says who may, per row); who asked, or who manages the participant, may cancel it. An approval
 * moves the participant at once.
 */
import { Alert, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  cancelSiteTransfer,
  listSiteTransfers,
  reviewSiteTransfer,
  SITE_TRANSFER_STATUSES,
  type SiteTransfer,
  type SiteTransferStatus,
  TRANSFER_REASON_MAX,
  TRANSFER_REASON_MIN,
} from '@trialpath/contract';
import { DataTable, type DataTableColumn, notify, TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { useTransfersRefresh } from './TransferRequestDialog';

const FILTERS = [...SITE_TRANSFER_STATUSES, 'ALL'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZES = [25, 50, 100] as const;

const STATUS_COLOR: Record<SiteTransferStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'teal',
  REFUSED: 'red',
  CANCELLED: 'gray',
};

/** What a dialog does to a transfer: a review's decision, or a cancellation. */
type Action = 'APPROVED' | 'REFUSED' | 'CANCELLED';

/** The filter, page and page size, read from and written to the address. */
function useListState() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status: Filter = FILTERS.includes(asked as Filter) ? (asked as Filter) : 'PENDING';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1);
  const size = Number.parseInt(search.get('pageSize') ?? '', 10);
  const pageSize = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : PAGE_SIZES[0];
  const set = (next: { status?: Filter; page?: number; pageSize?: number }) => {
    const merged = { status, page, pageSize, ...next };
    const params = new URLSearchParams();
    if (merged.status !== 'PENDING') params.set('status', merged.status);
    if (merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(merged.pageSize));
    setSearch(params, { replace: true });
  };
  return { status, page, pageSize, set };
}

/** The review or cancellation of one transfer: what will happen, the reason asked, a refusal kept in the dialog. */
function DecisionDialog(props: { studyId: string; transfer: SiteTransfer; action: Action; onClose: () => void }) {
  const { t, i18n } = useTranslation('transfers');
  const lang = useLanguage();
  const refresh = useTransfersRefresh();
  const { transfer, action } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = {
    participant: transfer.participant.participantId,
    from: transfer.fromSite.name,
    to: transfer.toSite.name,
  };
  const copy = {
    APPROVED: {
      title: t('review.approveOf', names),
      summary: t('review.approveSummary', names),
      confirm: t('review.approve'),
    },
    REFUSED: {
      title: t('review.refuseOf', names),
      summary: t('review.refuseSummary', names),
      confirm: t('review.refuse'),
    },
    CANCELLED: {
      title: t('review.cancelOf', names),
      summary: t('review.cancelSummary', names),
      confirm: t('review.cancel'),
    },
  }[action];
  const confirm = async () => {
    setRefusal(null);
    if (reason.trim().length < TRANSFER_REASON_MIN) {
      setError(t('review.reasonTooShort'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const params = { studyId: props.studyId, transferId: transfer.id };
      if (action === 'CANCELLED') {
        await api.call(cancelSiteTransfer, { params, body: { reason: reason.trim() } });
        notify(t('review.cancelled', names), { kind: 'success' });
      } else {
        await api.call(reviewSiteTransfer, { params, body: { status: action, reviewReason: reason.trim() } });
        notify(
          action === 'APPROVED'
            ? t('review.approved', { participant: names.participant, site: names.to })
            : t('review.refused', names),
          { kind: 'success' },
        );
      }
      await refresh();
      props.onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err, i18n.language);
      setError(fields.reviewReason ?? fields.reason ?? null);
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={copy.title}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        <Text size="sm">{copy.summary}</Text>
        <Text size="sm" c="dimmed">
          {t('review.asked', { name: transfer.requestedBy, reason: transfer.reason })}
        </Text>
        <Textarea
          label={action === 'CANCELLED' ? t('review.cancelReason') : t('review.reason')}
          description={t('review.reasonHint')}
          value={reason}
          maxLength={TRANSFER_REASON_MAX}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          required
          rows={3}
          data-autofocus
        />
        {refusal && !error && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('review.back')}
          </Button>
          <Button onClick={confirm} loading={busy} color={action === 'APPROVED' ? undefined : 'red'}>
            {copy.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function useColumns(identify: boolean, open: (transfer: SiteTransfer, action: Action) => void, studyId: string) {
  const { t, i18n } = useTranslation('transfers');
  const path = useStudyPath(studyId);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const columns: (DataTableColumn<SiteTransfer> & { show?: boolean })[] = [
    {
      id: 'participant',
      header: t('column.participant'),
      // a participant who moved to a site the person does not see has no profile for them
      cell: (x) =>
        x.participant.visible ? (
          <Text size="sm" fw={600} component={Link} to={path(`participants/${x.participant.id}`)} c="teal.9">
            {x.participant.participantId}
          </Text>
        ) : (
          <Text size="sm" fw={600} title={t('row.notMoved')}>
            {x.participant.participantId}
          </Text>
        ),
    },
    { id: 'name', header: t('column.name'), show: identify, cell: (x) => x.participant.name ?? '—' },
    {
      id: 'sites',
      header: t('column.sites'),
      cell: (x) => t('row.fromTo', { from: x.fromSite.name, to: x.toSite.name }),
    },
    {
      id: 'requested',
      header: t('column.requested'),
      cell: (x) => t('row.byOn', { name: x.requestedBy, when: when(x.requestedAt) }),
    },
    { id: 'reason', header: t('column.reason'), cell: (x) => x.reason },
    {
      id: 'status',
      header: t('column.status'),
      cell: (x) => (
        <Badge color={STATUS_COLOR[x.status]} variant="light" radius="sm" tt="none" c="dark.7">
          {t(`status.${x.status}`)}
        </Badge>
      ),
    },
    {
      id: 'review',
      header: t('column.review'),
      cell: (x) =>
        x.reviewedBy && x.reviewedAt ? (
          <Stack gap={0}>
            <Text size="sm">{t('row.byOn', { name: x.reviewedBy, when: when(x.reviewedAt) })}</Text>
            <Text size="sm" c="dimmed">
              {x.reviewReason}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      cell: (x) => {
        const participant = x.participant.participantId;
        return (
          <Group gap={4} wrap="nowrap">
            {x.mayReview && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => open(x, 'APPROVED')}
                aria-label={t('review.approveOf', { participant })}
              >
                {t('review.approve')}
              </Button>
            )}
            {x.mayReview && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => open(x, 'REFUSED')}
                aria-label={t('review.refuseOf', { participant })}
              >
                {t('review.refuse')}
              </Button>
            )}
            {x.mayCancel && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                onClick={() => open(x, 'CANCELLED')}
                aria-label={t('review.cancelOf', { participant })}
              >
                {t('review.cancel')}
              </Button>
            )}
          </Group>
        );
      },
    },
  ];
  return columns.filter((c) => c.show !== false);
}

export function SiteTransfersPage() {
  const { t } = useTranslation('transfers');
  const { studyId = '' } = useParams();
  const state = useListState();
  const [deciding, setDeciding] = useState<{ transfer: SiteTransfer; action: Action } | null>(null);
  const list = useEndpointQuery(
    listSiteTransfers,
    { params: { studyId }, query: { status: state.status, pageNum: state.page, pageSize: state.pageSize } },
    { placeholderData: keepPreviousData },
  );
  const columns = useColumns(
    list.data?.identify ?? false,
    (transfer, action) => setDeciding({ transfer, action }),
    studyId,
  );
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={28}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('page.subtitle')}
        </Text>
      </div>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="transfer-status-filter">
          {t('page.statusFilter')}
        </Text>
        <SegmentedControl
          aria-labelledby="transfer-status-filter"
          data={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          value={state.status}
          onChange={(v) => state.set({ status: v as Filter, page: 1 })}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <DataTable
        label={t('page.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(x) => x.id}
        loading={list.isPending}
        error={list.isError ? { title: t('page.loadFailed'), retry: () => void list.refetch() } : null}
        paging={
          list.data && {
            page: state.page,
            pageSize: state.pageSize,
            total: list.data.total,
            pageSizes: PAGE_SIZES,
            onPage: (page) => state.set({ page }),
            onPageSize: (pageSize) => state.set({ pageSize, page: 1 }),
          }
        }
        labels={{ count: (total) => t('page.count', { count: total }) }}
        empty={<TableEmpty title={t('page.empty')} hint={t('page.emptyHint')} />}
        minWidth={960}
      />
      {deciding && (
        <DecisionDialog
          studyId={studyId}
          transfer={deciding.transfer}
          action={deciding.action}
          onClose={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}
