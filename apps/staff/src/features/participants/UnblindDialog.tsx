/**
 * Emergency unblinding (decision E-blinding, addendum): a blinded investigator unblinds this participant for
 * themselves, with the reason — recorded and audited; from then on they receive the participant's unblinding answers.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { unblindParticipant } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { refusalText } from '../../shared/refusal';

export function UnblindDialog(props: {
  studyId: string;
  participant: { id: string; participantId: string };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('participants');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = reason.trim() === '';
  const submit = async () => {
    setChecked(true);
    if (missing) return;
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(unblindParticipant, {
        params: { studyId: props.studyId, participantId: props.participant.id },
        body: { reason: reason.trim() },
      });
      notify(t('unblind.done', { participant: props.participant.participantId }), { kind: 'success' });
      props.onClose();
    } catch (e) {
      setRefusal(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('unblind.title', { participant: props.participant.participantId })}
      closeButtonProps={{ 'aria-label': t('unblind.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">{t('unblind.summary')}</Text>
          <Textarea
            label={t('unblind.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={checked && missing ? t('unblind.reasonRequired') : undefined}
            required
            minRows={2}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('unblind.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('unblind.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
