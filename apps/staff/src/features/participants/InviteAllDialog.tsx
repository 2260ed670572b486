/**
 * Inviting every participant who was added and not invited yet (E-073, E-082): the not-invited list says who can be
 * invited now (an e-mail address, no e-mail refused); the person confirms the number, then one batch invitation.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { inviteParticipants, listNotInvitedParticipants } from '@trialpath/contract';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useRefresh } from './ParticipantLabels';

export function InviteAllDialog(props: { studyId: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('participants');
  const lang = useLanguage();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = useEndpointQuery(
    listNotInvitedParticipants,
    { params: { studyId: props.studyId } },
    { enabled: props.opened },
  );
  const items = list.data?.items ?? [];
  const invitable = items.filter((i) => i.invitable);
  const invite = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const r = await api.call(inviteParticipants, {
        params: { studyId: props.studyId },
        body: { participantIds: invitable.map((i) => i.id) },
      });
      notify(t('invite.done', { count: r.invited.length }), { kind: 'success' });
      await refresh();
      await list.refetch();
      props.onClose();
    } catch (err) {
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('inviteAll.title')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        {list.data && (
          <Text size="sm">
            {invitable.length === 0 ? t('inviteAll.nobody') : t('inviteAll.ready', { count: invitable.length })}
          </Text>
        )}
        {items.length > invitable.length && (
          <Text size="sm" c="dimmed">
            {t('inviteAll.notInvitable', { count: items.length - invitable.length })}
          </Text>
        )}
        {list.data?.more && (
          <Alert color="gray" variant="light">
            {t('inviteAll.more')}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('labels.cancel')}
          </Button>
          <Button onClick={() => void invite()} loading={busy} disabled={invitable.length === 0}>
            {t('inviteAll.confirm', { count: invitable.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
