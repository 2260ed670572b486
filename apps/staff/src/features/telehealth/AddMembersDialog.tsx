/**
 * Colleagues added to a running call (F-043, F-057, F-104, F-105; decision F-calls): the team picker without those
 * already in the call; 'Call Now' invites the chosen (they join from their running calls), the server's refusal
 * when none is new ('Please select members to add to this call.'), 'Cancel' closes.
 */
import { Modal, Stack } from '@mantine/core';
import { addTelehealthCallMembers, listTelehealthTeam } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { PickerActions, TeamPicker } from './TeamPicker';

export function AddMembersDialog({
  studyId,
  callId,
  siteId,
  appointmentId,
  onClose,
}: {
  studyId: string;
  callId: string;
  siteId: string;
  appointmentId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const invite = async () => {
    setBusy(true);
    setError(null);
    try {
      const after = await api.call(addTelehealthCallMembers, {
        params: { studyId, callId },
        body: { memberIds: chosen },
      });
      const names = after.members.filter((m) => chosen.includes(m.peerId)).map((m) => m.name);
      await invalidateEndpoints(queryClient, listTelehealthTeam);
      notify(t('call.membersAdded', { names: names.join(', ') }), { kind: 'success' });
      onClose();
    } catch (e) {
      setError(refusalText(e, i18n.language, t('call.addFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('call.addTitle')} centered zIndex={400}>
      <Stack gap="sm">
        <TeamPicker
          studyId={studyId}
          siteId={siteId}
          appointmentId={appointmentId}
          chosen={chosen}
          onChosen={setChosen}
          open
        />
        <PickerActions error={error} busy={busy} onCancel={onClose} onCallNow={invite} />
      </Stack>
    </Modal>
  );
}
