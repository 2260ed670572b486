/**
 * One sent message (E-024): its text, who sent it when and to whom, and its recipients the person may see — a page at
 * a time, read or not — each with what every channel did and when they read it in the portal. Names only for who may
 * identify participants.
 */
import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { getSentMessage, type MessageRecipient, type SentMessage } from '@trialpath/contract';
import { DataTable, type DataTableColumn, TableEmpty, uiLabel, useLanguage } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { DeliveryBadges } from './delivery';

const READ_FILTERS = ['ALL', 'READ', 'UNREAD'] as const;
type ReadFilter = (typeof READ_FILTERS)[number];
const PAGE_SIZES = [25, 50, 100] as const;

/** "Whole study", "Sites: Boston, Madrid" or "Participants picked", with the statuses chosen. */
export function useAudienceText() {
  const { t } = useTranslation(['messages', 'participants']);
  return (m: Pick<SentMessage, 'audience' | 'sites' | 'statuses'>) => {
    const who =
      m.audience === 'SITES'
        ? t('audience.sitesOf', { sites: m.sites.map((s) => s.name).join(', ') })
        : t(`audience.${m.audience}`);
    if (m.audience === 'PARTICIPANTS') return who;
    const statuses = m.statuses.length
      ? t('audience.statusesOf', { statuses: m.statuses.map((s) => t(`participants:status.${s}`)).join(', ') })
      : t('audience.everyoneIn');
    return `${who} · ${statuses}`;
  };
}

export function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function SentMessageDialog(props: { studyId: string; messageId: string; onClose(): void }) {
  const { t } = useTranslation('messages');
  const lang = useLanguage();
  const when = useWhen();
  const audienceText = useAudienceText();
  const [read, setRead] = useState<ReadFilter>('ALL');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const detail = useEndpointQuery(
    getSentMessage,
    { params: { studyId: props.studyId, messageId: props.messageId }, query: { read, pageNum: page, pageSize } },
    { placeholderData: keepPreviousData },
  );
  const m = detail.data?.message;
  const columns: (DataTableColumn<MessageRecipient> & { show?: boolean })[] = [
    { id: 'participant', header: t('detail.participant'), cell: (r) => r.participant.participantId },
    {
      id: 'name',
      header: t('detail.name'),
      show: detail.data?.identify ?? false,
      cell: (r) => r.participant.name ?? '—',
    },
    { id: 'site', header: t('detail.site'), cell: (r) => r.site.name },
    {
      id: 'channels',
      header: t('column.channels'),
      cell: (r) => <DeliveryBadges email={r.email} sms={r.sms} push={r.push} />,
    },
    { id: 'readAt', header: t('detail.readAt'), cell: (r) => (r.readAt ? when(r.readAt) : t('detail.notRead')) },
  ];
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={m ? t('detail.title', { subject: m.subject }) : t('column.open')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        {detail.isError && !m && <Text c="red">{t('detail.loadFailed')}</Text>}
        {m && (
          <>
            <Text size="sm" c="dimmed">
              {t('detail.sentBy', { name: m.sentBy.name, when: when(m.sentAt) })}
            </Text>
            <Text size="sm">{t('detail.audience', { audience: audienceText(m) })}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} p="sm" bg="gray.0">
              {m.body}
            </Text>
          </>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="recipient-read-filter">
            {t('detail.filter')}
          </Text>
          <SegmentedControl
            aria-labelledby="recipient-read-filter"
            data={READ_FILTERS.map((f) => ({ value: f, label: t(`detail.${f}`) }))}
            value={read}
            onChange={(v) => {
              setRead(v as ReadFilter);
              setPage(1);
            }}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <DataTable
          label={t('detail.recipientsLabel')}
          columns={columns.filter((c) => c.show !== false)}
          rows={detail.data?.recipients.items}
          rowKey={(r) => r.participant.id}
          loading={detail.isPending}
          error={detail.isError ? { title: t('detail.loadFailed'), retry: () => void detail.refetch() } : null}
          paging={
            detail.data && {
              page,
              pageSize,
              total: detail.data.recipients.total,
              pageSizes: PAGE_SIZES,
              onPage: setPage,
              onPageSize: (size) => {
                setPageSize(size);
                setPage(1);
              },
            }
          }
          labels={{ count: (total) => t('detail.count', { count: total }) }}
          empty={<TableEmpty title={t('detail.empty')} hint={t('detail.emptyHint')} />}
          minWidth={720}
        />
      </Stack>
    </Modal>
  );
}
