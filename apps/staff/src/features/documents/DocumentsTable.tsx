/**
 * Participant documents as a table with what the person may do on each (the server says what is allowed, per row):
 * the participant profile's panel (E-008) and the study's list (E-021) both show it, and open the same dialogs.
 */
import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  downloadParticipantDocument,
  getParticipantDocumentHistory,
  listParticipantDocuments,
  listStudyParticipantDocuments,
  type ParticipantDocument,
  requestDocumentSignature,
  requestPiSignature,
  sendDocumentMail,
} from '@trialpath/contract';
import { DataTable, type DataTableColumn, notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { saveBase64File } from '../../shared/download';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { HistoryDialog, InvalidateDialog } from './DocumentDialogs';
import { PiSignDialog } from './PiSignDialog';

const STATUS_COLOR: Record<ParticipantDocument['status'], string> = {
  SIGNATURE_INIT: 'blue',
  IN_PROGRESS: 'yellow',
  RESET: 'gray',
  COMPLETED: 'teal',
};

/** After a change: every read that shows participant documents. */
export function useDocumentsRefresh() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      listParticipantDocuments,
      listStudyParticipantDocuments,
      getParticipantDocumentHistory,
    );
}

type Dialog = { kind: 'invalidate' | 'history' | 'sign'; document: ParticipantDocument } | null;
type QuickAction = 'request' | 'resend' | 'cancelRequest' | 'sendMail' | 'requestPi';

function RowActions(props: { studyId: string; d: ParticipantDocument; open(kind: NonNullable<Dialog>['kind']): void }) {
  const { t, i18n } = useTranslation('documents');
  const refresh = useDocumentsRefresh();
  const { d, studyId } = props;
  const params = { studyId, documentId: d.id };
  const run = async (action: QuickAction) => {
    try {
      if (action === 'sendMail') {
        const r = await api.call(sendDocumentMail, { params });
        notify(t('action.done.sendMail', { to: r.sentTo }), { kind: 'success' });
      } else {
        if (action === 'requestPi') await api.call(requestPiSignature, { params });
        else
          await api.call(requestDocumentSignature, {
            params,
            body: { resend: action === 'resend', cancelRequest: action === 'cancelRequest' },
          });
        notify(t(`action.done.${action}`, { title: d.title }), { kind: 'success' });
      }
      await refresh();
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  const download = async (signed: boolean) => {
    try {
      const pdf = await api.call(downloadParticipantDocument, { params, query: { signed: signed ? 'true' : 'false' } });
      saveBase64File(pdf.fileName, pdf.base64);
    } catch (err) {
      notify(refusalText(err, i18n.language, t('error.generic')), { kind: 'error' });
    }
  };
  const quick: [QuickAction, boolean][] = [
    ['request', d.allowed.requestSignature],
    ['resend', d.allowed.resend],
    ['cancelRequest', d.allowed.cancelRequest],
    ['sendMail', d.allowed.sendMail],
    ['requestPi', d.allowed.requestPiSignature],
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {d.allowed.piSign && (
        <Button size="compact-sm" onClick={() => props.open('sign')}>
          {t('action.piSign')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="default" aria-label={t('action.menu', { title: d.title })}>
            …
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {quick
            .filter(([, allowed]) => allowed)
            .map(([action]) => (
              <Menu.Item key={action} onClick={() => void run(action)}>
                {t(`action.${action}`)}
              </Menu.Item>
            ))}
          <Menu.Item onClick={() => props.open('history')}>{t('action.history')}</Menu.Item>
          <Menu.Item onClick={() => void download(false)}>{t('action.download')}</Menu.Item>
          {d.hasSignedPdf && <Menu.Item onClick={() => void download(true)}>{t('action.downloadSigned')}</Menu.Item>}
          {d.allowed.invalidate && (
            <Menu.Item color="red" onClick={() => props.open('invalidate')}>
              {t('action.invalidate')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

export function DocumentsTable(props: {
  studyId: string;
  label: string;
  rows: ParticipantDocument[] | undefined;
  loading: boolean;
  error: { title: string; retry(): void } | null;
  empty: ReactNode;
  /** The study's list shows whose document each is. */
  participantColumn?: (d: ParticipantDocument) => ReactNode;
  paging?: Parameters<typeof DataTable<ParticipantDocument>>[0]['paging'];
  count?: (total: number) => string;
}) {
  const { t, i18n } = useTranslation('documents');
  const refresh = useDocumentsRefresh();
  const [dialog, setDialog] = useState<Dialog>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const columns: (DataTableColumn<ParticipantDocument> & { show?: boolean })[] = [
    {
      id: 'participant',
      header: t('column.participant'),
      show: Boolean(props.participantColumn),
      cell: (d) => props.participantColumn?.(d),
    },
    {
      id: 'title',
      header: t('column.title'),
      cell: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {d.title}
          </Text>
          {d.inValidateDocumentId && (
            <Text size="xs" c="dimmed">
              {t('row.replaces')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('column.status'),
      cell: (d) =>
        d.isInvalidate ? (
          <Badge color="red" variant="light" radius="sm" tt="none" c="dark.7">
            {t('status.invalidated')}
          </Badge>
        ) : (
          <Stack gap={2}>
            <Badge color={STATUS_COLOR[d.status]} variant="light" radius="sm" tt="none" c="dark.7">
              {t(`status.${d.status}`)}
            </Badge>
            {d.nextSigner && (
              <Text size="xs" c="dimmed">
                {t('row.next', { role: t(`role.${d.nextSigner}`) })}
              </Text>
            )}
          </Stack>
        ),
    },
    { id: 'requested', header: t('column.requested'), cell: (d) => (d.reqSignDate ? when(d.reqSignDate) : '—') },
    {
      id: 'signatures',
      header: t('column.signatures'),
      cell: (d) =>
        d.signatures.length === 0
          ? '—'
          : d.signatures.map((s) => (
              <Text size="sm" key={s.role}>
                {t('row.signedBy', { role: t(`role.${s.role}`), name: s.printedName, when: when(s.signedAt) })}
              </Text>
            )),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      cell: (d) => <RowActions studyId={props.studyId} d={d} open={(kind) => setDialog({ kind, document: d })} />,
    },
  ];
  const close = () => setDialog(null);
  const done = async () => {
    setDialog(null);
    await refresh();
  };
  return (
    <>
      <DataTable
        label={props.label}
        columns={columns.filter((c) => c.show !== false)}
        rows={props.rows}
        rowKey={(d) => d.id}
        loading={props.loading}
        error={props.error}
        paging={props.paging}
        labels={props.count ? { count: props.count } : undefined}
        empty={props.empty}
        minWidth={860}
      />
      {dialog?.kind === 'invalidate' && (
        <InvalidateDialog studyId={props.studyId} document={dialog.document} onClose={close} onDone={done} />
      )}
      {dialog?.kind === 'history' && (
        <HistoryDialog studyId={props.studyId} document={dialog.document} onClose={close} />
      )}
      {dialog?.kind === 'sign' && (
        <PiSignDialog studyId={props.studyId} document={dialog.document} onClose={close} onSigned={done} />
      )}
    </>
  );
}
