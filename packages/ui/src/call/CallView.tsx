/**
 * A running call's screen part (decision F-calls; 002 §2 call session panel): the others' videos, one's own small
 * in the corner, a status line while waiting, and the controls — microphone, speaker, camera, full screen, leave.
 * The portal gives its texts and what leaving does (staff confirm and end the call; the participant just leaves).
 */
import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type MeshCall, type MeshCallState, ScreenShareRefusal } from './mesh-call';

export interface CallViewTexts {
  waiting: string;
  microphoneOn: string;
  microphoneOff: string;
  speakerOn: string;
  speakerOff: string;
  cameraOn: string;
  cameraOff: string;
  fullScreen: string;
  exitFullScreen: string;
  leave: string;
  you: string;
  /** On another person's tile when their camera is off / their microphone is muted. */
  theirCameraOff: string;
  theirMicrophoneOff: string;
}

/** The screen-share control and what it says (staff calls, F-058; the portal that offers it gives these). */
export interface ScreenShareTexts {
  share: string;
  stop: string;
  /** Under a tile showing someone's screen. */
  sharedBy: (name: string) => string;
  onRefused: (reason: ScreenShareRefusal['reason']) => void;
}

function useCallState(call: MeshCall): MeshCallState {
  return useSyncExternalStore(
    (notify) => call.subscribe(() => notify()),
    () => call.snapshot,
  );
}

function Video({
  stream,
  muted,
  label,
  mirrored,
  whole,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  mirrored?: boolean;
  /** A shared screen: shown whole, never cropped. */
  whole?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      style={{
        width: '100%',
        height: '100%',
        objectFit: whole ? 'contain' : 'cover',
        background: '#1a1b1e',
        borderRadius: 8,
        transform: mirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

const glyph = (text: string) => (
  <Text component="span" fw={700} size="sm" aria-hidden>
    {text}
  </Text>
);

export function CallView({
  call,
  texts,
  onLeave,
  waitingFor,
  extraControls,
  fullScreen,
  onFullScreen,
  screenShare,
}: {
  call: MeshCall;
  texts: CallViewTexts;
  onLeave: () => void;
  /** The kind of person whose absence the status line names (the staff wait for the participant). */
  waitingFor: 'participant' | 'anyone';
  extraControls?: ReactNode;
  fullScreen: boolean;
  onFullScreen: (on: boolean) => void;
  screenShare?: ScreenShareTexts;
}) {
  const state = useCallState(call);
  const [speaker, setSpeaker] = useState(true);
  const awaited = state.people.filter((p) => waitingFor === 'anyone' || p.peer.kind === 'participant');
  const waiting = state.phase === 'connecting' || awaited.length === 0;
  const control = (label: string, on: boolean, icon: string, act: () => void, danger = false) => (
    // the label as the browser's own tip (Mantine's Tooltip would join the portals' first load through floating-ui)
    <ActionIcon
      key={label}
      title={label}
      size="xl"
      radius="xl"
      variant={on ? 'filled' : 'light'}
      color={danger ? 'red' : on ? 'teal' : 'gray'}
      aria-label={label}
      aria-pressed={danger ? undefined : on}
      onClick={act}
    >
      {glyph(icon)}
    </ActionIcon>
  );
  return (
    <Stack gap="xs" h="100%" style={{ flex: 1, minHeight: 0 }} data-testid="call-view">
      <Box pos="relative" style={{ flex: 1, minHeight: 180 }}>
        <Stack gap={4} h="100%">
          {state.people.map((p) => {
            const sharing = state.screen === p.peer.peerId;
            const name = sharing && screenShare ? screenShare.sharedBy(p.peer.name) : p.peer.name;
            return (
              <Box
                key={p.peer.peerId}
                style={{ flex: sharing ? 3 : 1, minHeight: 120 }}
                data-testid={`remote-${p.peer.kind}`}
                data-screen={sharing || undefined}
              >
                <Video stream={p.stream} muted={!speaker} label={name} whole={sharing} />
                <Text size="xs" c="white" pos="absolute" style={{ marginTop: -24, marginLeft: 8 }}>
                  {[name, !p.camera && texts.theirCameraOff, !p.microphone && texts.theirMicrophoneOff]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Box>
            );
          })}
          {waiting && (
            <Text ta="center" c="dimmed" py="xl" role="status">
              {texts.waiting}
            </Text>
          )}
        </Stack>
        <Box pos="absolute" right={8} bottom={8} w={fullScreen ? 200 : 110} h={fullScreen ? 150 : 82}>
          <Video stream={state.local} muted label={texts.you} mirrored />
        </Box>
      </Box>
      <Group justify="center" gap="xs" wrap="wrap">
        {control(state.microphone ? texts.microphoneOn : texts.microphoneOff, state.microphone, 'Mic', () =>
          call.setMicrophone(!state.microphone),
        )}
        {control(speaker ? texts.speakerOn : texts.speakerOff, speaker, 'Spk', () => setSpeaker(!speaker))}
        {control(state.camera ? texts.cameraOn : texts.cameraOff, state.camera, 'Cam', () =>
          call.setCamera(!state.camera),
        )}
        {screenShare &&
          control(state.sharing ? screenShare.stop : screenShare.share, state.sharing, 'Scr', () => {
            if (state.sharing) void call.stopScreen();
            else
              call.shareScreen().catch((e: unknown) => {
                screenShare.onRefused(e instanceof ScreenShareRefusal ? e.reason : 'declined');
              });
          })}
        {extraControls}
        {control(fullScreen ? texts.exitFullScreen : texts.fullScreen, fullScreen, '[ ]', () =>
          onFullScreen(!fullScreen),
        )}
        {control(texts.leave, false, 'End', onLeave, true)}
      </Group>
    </Stack>
  );
}
