/**
 * The call session panel (002 §2, F-044…F-047, F-053…F-062, F-065, F-066; decision F-calls): beside the page at
 * 26% of the width (the page keeps 74%), or the whole width in full screen. Leaving asks 'Are you sure you want to
 * end the call?' and ends it for everyone; when the call ends (the participant gone, declined, unanswered, a
 * colleague hung up) it says so and the page reloads.
 */
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  CALL_SIGNAL_PATH,
  endTelehealthCall,
  listAppointments,
  listMyTelehealthCalls,
  notifyTelehealthCallParticipant,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { CallView, MeshCall, mediaProblemOf, notify, signalAddress } from '@trialpath/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, api, errorMessage } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { type ActiveCall, callStore } from './call-store';
import { AddMembersDialog } from './AddMembersDialog';
import { RecordControl } from './RecordControl';
import { SidePanel } from './SidePanel';

const RELOAD_AFTER_MS = 3000;

export function CallPanel({
  active,
  fullScreen,
  onFullScreen,
  onSharing,
}: {
  active: ActiveCall;
  fullScreen: boolean;
  onFullScreen: (on: boolean) => void;
  /** F-046: while one shares one's screen the page takes the whole width (the panel floats, small). */
  onSharing: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const [call] = useState(() => new MeshCall(active.session, signalAddress(CALL_SIGNAL_PATH)));
  const state = useSyncExternalStore(
    (n) => call.subscribe(() => n()),
    () => call.snapshot,
  );
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const code = active.session.call.participantCode;
  const queryClient = useQueryClient();

  // the visit's state moves with the call (ringing, on call, complete): the lists say so when the panel comes and goes
  useEffect(() => {
    void invalidateEndpoints(queryClient, listAppointments, listMyTelehealthCalls);
    return () => void invalidateEndpoints(queryClient, listAppointments, listMyTelehealthCalls);
  }, [queryClient]);

  // the participant's arrival puts the visit on call: the lists say so then too
  const participantHere = state.people.some((p) => p.peer.kind === 'participant');
  useEffect(() => {
    if (participantHere) void invalidateEndpoints(queryClient, listAppointments, listMyTelehealthCalls);
  }, [participantHere, queryClient]);

  useEffect(() => {
    // F-133, F-136: a colleague joining without a camera or microphone leaves, the call goes on for the others
    call.start(active.media).catch((e: unknown) => {
      notify(mediaProblemOf(e) === 'denied' ? t('call.mediaDenied') : t('call.hardwareUnavailable'), {
        kind: 'error',
      });
      call.close();
      callStore.set(null);
    });
    return () => call.close();
  }, [call, active, t]);

  useEffect(() => {
    onSharing(state.sharing);
    if (state.sharing) onFullScreen(false);
  }, [state.sharing, onSharing, onFullScreen]);
  useEffect(() => () => onSharing(false), [onSharing]);

  // F-135: the network gone during the call is said at once
  useEffect(() => {
    const offline = () => notify(t('call.offline'), { kind: 'warning' });
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, [t]);

  // F-066: the end is said, then the page reloads
  useEffect(() => {
    if (state.phase !== 'ended' && state.phase !== 'refused') return;
    const timer = setTimeout(() => {
      callStore.set(null);
      window.location.reload();
    }, RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.phase]);

  const endText =
    state.endReason === 'DECLINED'
      ? t('call.declined')
      : state.endReason === 'NO_PARTICIPANT'
        ? t('call.unanswered')
        : t('call.ended');

  // F-108: the participant's devices ring again; nothing to ring is said as the server says it (F-107, a warning)
  const [notifying, setNotifying] = useState(false);
  const notifyAgain = async () => {
    setNotifying(true);
    try {
      await api.call(notifyTelehealthCallParticipant, {
        params: { studyId: active.studyId, callId: active.session.call.id },
        body: { appointmentId: active.session.call.appointmentId },
      });
      notify(t('call.notified'), { kind: 'success' });
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 406)
        notify(errorMessage(e, t('call.notifyFailed')), { kind: 'warning' });
      else notify(t('call.notifyFailed'), { kind: 'error' });
    } finally {
      setNotifying(false);
    }
  };

  const end = async () => {
    setConfirming(false);
    try {
      await api.call(endTelehealthCall, { params: { studyId: active.studyId, callId: active.session.call.id } });
    } catch {
      // already over: the panel closes all the same
    }
    call.close();
    callStore.set(null);
  };

  return (
    <SidePanel label={t('call.panel', { code })} fullScreen={fullScreen} small={state.sharing} testId="call-panel">
      <Title order={2} size="h5" c="white" mb="xs">
        {t('call.panel', { code })}
      </Title>
      {state.phase === 'ended' || state.phase === 'refused' ? (
        <Alert color={state.phase === 'ended' ? 'blue' : 'red'} role="alert">
          {state.phase === 'ended' ? endText : t('call.refused', { message: state.message ?? '' })}
        </Alert>
      ) : state.phase === 'failed' ? (
        <Stack>
          <Alert color="red" role="alert">
            {t('call.failed')}
          </Alert>
          <Button color="red" onClick={end}>
            {t('call.endCall')}
          </Button>
        </Stack>
      ) : (
        <>
          {state.phase === 'in-call' && !participantHere && (
            <Button variant="light" color="teal" size="xs" mb="xs" onClick={notifyAgain} loading={notifying}>
              {t('call.notifyAgain')}
            </Button>
          )}
          <CallView
            call={call}
            waitingFor="participant"
            fullScreen={fullScreen}
            onFullScreen={onFullScreen}
            onLeave={() => setConfirming(true)}
            screenShare={{
              share: t('call.shareScreen'),
              stop: t('call.stopSharing'),
              sharedBy: (name) => t('call.sharedBy', { name }),
              onRefused: (reason) =>
                notify(
                  reason === 'busy'
                    ? translate('telehealth.screenBusy', undefined, i18n.language)
                    : reason === 'unsupported'
                      ? t('call.screenUnsupported')
                      : t('call.screenDeclined'),
                  { kind: 'error' },
                ),
            }}
            extraControls={
              <>
                <ActionIcon
                  title={t('call.addMembersControl')}
                  aria-label={t('call.addMembersControl')}
                  size="xl"
                  radius="xl"
                  variant="light"
                  color="teal"
                  onClick={() => setAdding(true)}
                >
                  <Text component="span" fw={700} size="sm" aria-hidden>
                    +
                  </Text>
                </ActionIcon>
                <RecordControl call={call} studyId={active.studyId} callId={active.session.call.id} />
              </>
            }
            texts={{
              waiting: t('call.waiting'),
              microphoneOn: t('call.microphoneOn'),
              microphoneOff: t('call.microphoneOff'),
              speakerOn: t('call.speakerOn'),
              speakerOff: t('call.speakerOff'),
              cameraOn: t('call.cameraOn'),
              cameraOff: t('call.cameraOff'),
              fullScreen: t('call.fullScreen'),
              exitFullScreen: t('call.exitFullScreen'),
              leave: t('call.leave'),
              you: t('call.you'),
              theirCameraOff: t('call.theirCameraOff'),
              theirMicrophoneOff: t('call.theirMicrophoneOff'),
            }}
          />
        </>
      )}
      {adding && (
        <AddMembersDialog
          studyId={active.studyId}
          callId={active.session.call.id}
          siteId={active.session.call.siteId}
          appointmentId={active.session.call.appointmentId}
          onClose={() => setAdding(false)}
        />
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('call.leave')} centered zIndex={400}>
        <Text mb="md">{t('call.confirmLeave')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('call.keep')}
          </Button>
          <Button color="red" onClick={end}>
            {t('call.endCall')}
          </Button>
        </Group>
      </Modal>
    </SidePanel>
  );
}
