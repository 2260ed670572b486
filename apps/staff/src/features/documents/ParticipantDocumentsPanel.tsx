/**
 * The participant documents screen of a participant's profile (E-008; decision E-participant-documents): the documents
 * sent to them with their status and signatures; send one, ask for, resend or cancel the signature, e-mail the
 * participant, ask the investigator to sign and sign as investigator, invalidate (and send again), read the history.
 * Placed by the participant profile; it loads its own texts.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { listParticipantDocuments } from '@trialpath/contract';
import { TableEmpty } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { SendDocumentDialog } from './DocumentDialogs';
import { DocumentsTable, useDocumentsRefresh } from './DocumentsTable';

export function ParticipantDocumentsPanel(props: {
  studyId: string;
  participant: { id: string; participantId: string; siteId?: string };
  /** The person may send documents (participants.manage on a writable assignment). */
  canManage: boolean;
}) {
  // the namespace is loaded here: the profile that shows the panel belongs to another feature
  const { t, ready } = useTranslation('documents', { useSuspense: false });
  const refresh = useDocumentsRefresh();
  const [sending, setSending] = useState(false);
  const list = useEndpointQuery(listParticipantDocuments, {
    params: { studyId: props.studyId, participantId: props.participant.id },
  });
  if (!ready) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('panel.title')}
        </Title>
        {props.canManage && <Button onClick={() => setSending(true)}>{t('panel.send')}</Button>}
      </Group>
      <DocumentsTable
        studyId={props.studyId}
        label={t('panel.tableLabel', { participant: props.participant.participantId })}
        rows={list.data?.items}
        loading={list.isPending}
        error={list.isError ? { title: t('panel.loadFailed'), retry: () => void list.refetch() } : null}
        empty={<TableEmpty title={t('panel.empty')} hint={t('panel.emptyHint')} />}
      />
      {sending && (
        <SendDocumentDialog
          studyId={props.studyId}
          participant={props.participant}
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
