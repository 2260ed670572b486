/**
 * The participant's incoming call and the call itself (F-002, F-029; decision F-calls): while the study team
 * calls, 'Your study team is video calling you. Tap to join call.' with Join and Decline; joining sends the
 * device's time-zone offset (001 §7) and shows the call; leaving closes it (the call ends when the last stream is
 * gone); the end is said: 'This meeting has been ended'.
 */
import './call-styles';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import {
  CALL_SIGNAL_PATH,
  type CallSession,
  declineMyTelehealthCall,
  getMyTelehealthCall,
  joinMyTelehealthCall,
} from '@trialpath/contract';
import { CallView, MeshCall, type MediaProblem, mediaProblemOf, notify, signalAddress } from '@trialpath/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { RecordingConsent } from './RecordingConsent';
import { TELEHEALTH_NS } from './texts';

const LOOK_EVERY_MS = 3000;
type Incoming = NonNullable<Awaited<ReturnType<typeof fetchCall>>>;
const fetchCall = async () => (await api.call(getMyTelehealthCall, {})).call;

function InCall({ session, onDone }: { session: CallSession; onDone: () => void }) {
  const { t } = useTranslation(TELEHEALTH_NS);
  const [call] = useState(() => new MeshCall(session, signalAddress(CALL_SIGNAL_PATH)));
  const state = useSyncExternalStore(
    (n) => call.subscribe(() => n()),
    () => call.snapshot,
  );
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    // F-133, F-136 (decision F-calls): the participant leaves the call and is told why
    call.start().catch((e: unknown) => {
      setProblem(mediaProblemOf(e));
      call.close();
    });
    return () => call.close();
  }, [call]);
  useEffect(() => {
    const offline = () => notify(t('offline'), { kind: 'warning' });
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, [t]);
  if (problem)
    return (
      <Alert color="red" role="alert">
        {problem === 'denied' ? t('mediaDenied') : t('hardwareUnavailable')}
      </Alert>
    );
  if (state.phase === 'ended')
    return (
      <Alert color="blue" role="alert">
        {t('ended')}
      </Alert>
    );
  if (state.phase === 'refused')
    return (
      <Alert color="red" role="alert">
        {t('refused', { message: state.message ?? '' })}
      </Alert>
    );
  if (state.phase === 'failed')
    return (
      <Alert color="red" role="alert">
        {t('interrupted')}
      </Alert>
    );
  return (
    <Paper
      p="sm"
      radius="md"
      style={{
        background: '#25262b',
        height: fullScreen ? '100vh' : 480,
        position: 'relative',
        ...(fullScreen ? { position: 'fixed', inset: 0, zIndex: 300 } : {}),
      }}
      aria-label={t('inCall')}
      component="section"
    >
      <RecordingConsent call={call} />
      <CallView
        call={call}
        waitingFor="anyone"
        fullScreen={fullScreen}
        onFullScreen={setFullScreen}
        onLeave={() => {
          call.close();
          onDone();
        }}
        texts={{
          waiting: t('waitingTeam'),
          microphoneOn: t('microphoneOn'),
          microphoneOff: t('microphoneOff'),
          speakerOn: t('speakerOn'),
          speakerOff: t('speakerOff'),
          cameraOn: t('cameraOn'),
          cameraOff: t('cameraOff'),
          fullScreen: t('fullScreen'),
          exitFullScreen: t('exitFullScreen'),
          leave: t('leave'),
          you: t('you'),
          theirCameraOff: t('theirCameraOff'),
          theirMicrophoneOff: t('theirMicrophoneOff'),
        }}
      />
    </Paper>
  );
}

export function IncomingCall() {
  const { t } = useTranslation(TELEHEALTH_NS);
  const [incoming, setIncoming] = useState<Incoming | null>(null);
  const [session, setSession] = useState<CallSession | null>(null);
  const [left, setLeft] = useState<string | null>(null);

  // looked for every three seconds while no call is shown
  useEffect(() => {
    if (session) return;
    let stopped = false;
    const look = () =>
      fetchCall()
        .then((c) => !stopped && setIncoming(c && c.id !== left ? c : null))
        .catch(() => {});
    void look();
    const timer = setInterval(look, LOOK_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [session, left]);

  if (session)
    return (
      <InCall
        session={session}
        onDone={() => {
          setLeft(session.call.id);
          setSession(null);
          setIncoming(null);
        }}
      />
    );
  if (!incoming) return null;
  const join = async () => {
    const r = await api.call(joinMyTelehealthCall, {
      params: { callId: incoming.id },
      body: { offset: -new Date().getTimezoneOffset() },
    });
    setSession(r.data);
  };
  const decline = async () => {
    await api.call(declineMyTelehealthCall, { params: { callId: incoming.id } }).catch(() => {});
    setLeft(incoming.id);
    setIncoming(null);
  };
  return (
    <Paper withBorder p="md" radius="md" role="alert" data-testid="incoming-call">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {incoming.message}
        </Title>
        <Group>
          <Button color="teal" onClick={join}>
            {t('join')}
          </Button>
          <Button variant="default" onClick={decline}>
            {t('decline')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
