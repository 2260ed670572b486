/**
 * The dialogs of participant documents (decision E-participant-documents): send a study document to a participant
 * (E-089), invalidate one with a reason and optionally send it again (E-098), and read its history (E-093).
 */
import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import {
  getParticipantDocumentHistory,
  invalidateParticipantDocument,
  listStudyDocuments,
  type ParticipantDocument,
  sendParticipantDocument,
} from '@trialpath/contract';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { ReasonDialog } from '../../shared/ReasonDialog';

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function SendDocumentDialog(props: {
  studyId: string;
  participant: { id: string; participantId: string; siteId?: string };
  onClose(): void;
  onSent(): void;
}) {
  const { t, i18n } = useTranslation('documents');
  const lang = useLanguage();
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [requestSignature, setRequestSignature] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const docs = useEndpointQuery(listStudyDocuments, {
    params: { studyId: props.studyId },
    query: { pageSize: 100, ...(props.participant.siteId ? { siteId: props.participant.siteId } : {}) },
  });
  const active = (docs.data?.items ?? []).filter((d) => d.status && d.active);
  const titleOf = (title: Record<string, string>) => title[i18n.language] ?? title.en ?? Object.values(title)[0] ?? '';
  const submit = async () => {
    setRefusal(null);
    if (!documentId) {
      setErrors({ studyDocumentId: t('send.chooseDocument') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const sent = await api.call(sendParticipantDocument, {
        params: { studyId: props.studyId, participantId: props.participant.id },
        body: { studyDocumentId: documentId, requestSignature },
      });
      notify(t('send.done', { title: sent.title, participant: props.participant.participantId }), { kind: 'success' });
      props.onSent();
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('send.title', { participant: props.participant.participantId })}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {docs.data && active.length === 0 && <Text size="sm">{t('send.noDocuments')}</Text>}
          <Select
            label={t('send.document')}
            description={t('send.documentHint')}
            data={active.map((d) => ({ value: d.documentId, label: titleOf(d.title) }))}
            value={documentId}
            onChange={setDocumentId}
            error={errors.studyDocumentId}
            required
          />
          <Checkbox
            label={t('send.requestNow')}
            checked={requestSignature}
            onChange={(e) => setRequestSignature(e.currentTarget.checked)}
          />
          {refusal && !errors.studyDocumentId && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('send.back')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('send.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function InvalidateDialog(props: {
  studyId: string;
  document: ParticipantDocument;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('documents');
  const [resendDocument, setResendDocument] = useState(false);
  const title = props.document.title;
  return (
    <ReasonDialog
      opened
      title={t('invalidate.title', { title })}
      color="red"
      labels={{
        reason: t('invalidate.reason'),
        hint: t('invalidate.hint'),
        required: t('invalidate.reasonRequired'),
        cancel: t('invalidate.back'),
        confirm: t('invalidate.submit'),
        failed: t('error.generic'),
      }}
      onClose={props.onClose}
      onConfirm={async (reason) => {
        const r = await api.call(invalidateParticipantDocument, {
          params: { studyId: props.studyId, documentId: props.document.id },
          body: { resendDocument, reason },
        });
        notify(r.resent ? t('invalidate.doneResent', { title }) : t('invalidate.done', { title }), { kind: 'success' });
        props.onDone();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invalidate.summary')}</Text>
        <Checkbox
          label={t('invalidate.resend')}
          checked={resendDocument}
          onChange={(e) => setResendDocument(e.currentTarget.checked)}
        />
      </Stack>
    </ReasonDialog>
  );
}

export function HistoryDialog(props: { studyId: string; document: ParticipantDocument; onClose(): void }) {
  const { t, i18n } = useTranslation('documents');
  const lang = useLanguage();
  const history = useEndpointQuery(getParticipantDocumentHistory, {
    params: { studyId: props.studyId, documentId: props.document.id },
  });
  const items = history.data?.items ?? [];
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('history.title', { title: props.document.title })}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        {history.data && items.length === 0 && <Text size="sm">{t('history.empty')}</Text>}
        <List spacing="xs" aria-label={t('history.title', { title: props.document.title })}>
          {items.map((e) => (
            <List.Item key={e.id}>
              <Text size="sm" fw={600} component="span">
                {t(`history.event.${e.event}`, { defaultValue: e.event })}
              </Text>{' '}
              <Text size="sm" component="span" c="dimmed">
                {when(e.at, i18n.language)}
                {e.by ? ` ${t('history.by', { name: e.by })}` : ''}
              </Text>
              {e.note && <Text size="sm">{e.note}</Text>}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('history.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
