/**
 * The team-members picker before a call (F-049…F-052; decision F-calls): 'Add Research Team Members' shows the
 * site's telehealth team but oneself (F-040; raters are never on it, F-041) with a checkbox, name and role;
 * 'Call Now' starts the call with those chosen, 'Cancel' closes.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { listTelehealthTeam, startTelehealthCall } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useProfileQuery } from '../../shared/startup';
import { callStore } from './call-store';

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
  const me = useProfileQuery(true).data;
  const [showTeam, setShowTeam] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const team = useEndpointQuery(listTelehealthTeam, { params: { studyId }, query: { siteId: target.siteId } });
  const colleagues = (team.data?.items ?? []).filter((m) => m.id !== me?.id);

  const callNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await api.call(startTelehealthCall, {
        params: { studyId, participantId: target.participantId },
        body: { appointmentId: target.appointmentId, memberIds: chosen },
      });
      callStore.set({ studyId, session });
      onClose();
    } catch (e) {
      setError(refusalText(e, i18n.language, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('call.pickerTitle', { code: target.participantCode })} centered>
      <Stack gap="sm">
        <Text size="sm">{t('call.pickerText')}</Text>
        <Button variant="light" onClick={() => setShowTeam((v) => !v)} aria-expanded={showTeam}>
          {t('call.addMembers')}
        </Button>
        {showTeam &&
          (colleagues.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('call.noColleagues')}
            </Text>
          ) : (
            <Stack gap={6}>
              {colleagues.map((m) => (
                <Checkbox
                  key={m.id}
                  checked={chosen.includes(m.id)}
                  onChange={(e) =>
                    setChosen((c) => (e.currentTarget.checked ? [...c, m.id] : c.filter((x) => x !== m.id)))
                  }
                  label={`${m.firstName} ${m.lastName} · ${m.userRole}`}
                />
              ))}
            </Stack>
          ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('call.cancel')}
          </Button>
          <Button onClick={callNow} loading={busy}>
            {t('call.callNow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
