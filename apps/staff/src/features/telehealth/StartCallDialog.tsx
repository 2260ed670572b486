/**
 * Before a call (F-049…F-052; decision F-calls): the team picker, then 'Call Now' starts the call with those
 * chosen, 'Cancel' closes.
 */
import { Modal, Stack, Text } from '@mantine/core';
import { startTelehealthCall } from '@trialpath/contract';
import { mediaProblemOf, openCallMedia } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { refusalText } from '../../shared/refusal';
import { callStore } from './call-store';
import { PickerActions, TeamPicker } from './TeamPicker';

export function StartCallDialog({
  studyId,
  target,
  onClose,
}: {
  studyId: string;
  target: { participantId: string; participantCode: string; siteId: string; appointmentId: string | null };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const callNow = async () => {
    setBusy(true);
    setError(null);
    // F-133, F-136: the camera and microphone first — without them no call starts and the visit stays as it was
    let media: MediaStream;
    try {
      media = await openCallMedia();
    } catch (e) {
      setError(mediaProblemOf(e) === 'denied' ? t('call.mediaDenied') : t('call.hardwareUnavailable'));
      setBusy(false);
      return;
    }
    try {
      const session = await api.call(startTelehealthCall, {
        params: { studyId, participantId: target.participantId },
        body: { appointmentId: target.appointmentId, memberIds: chosen },
      });
      callStore.set({ studyId, session, media });
      onClose();
    } catch (e) {
      for (const track of media.getTracks()) track.stop();
      setError(refusalText(e, i18n.language, t('call.sessionFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('call.pickerTitle', { code: target.participantCode })} centered>
      <Stack gap="sm">
        <Text size="sm">{t('call.pickerText')}</Text>
        <TeamPicker studyId={studyId} siteId={target.siteId} chosen={chosen} onChosen={setChosen} />
        <PickerActions error={error} busy={busy} onCancel={onClose} onCallNow={callNow} />
      </Stack>
    </Modal>
  );
}
