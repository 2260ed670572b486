/**
 * The recording button of the call panel (002 §2, §4; F-071 … F-080, F-144 … F-148; decision F-recording): hidden
 * until the options are known, 'Recording not allowed', Rec, Pending while the participant is asked, then the
 * running timer. Clicking the timer asks before stopping. While the participant's consent holds, this browser
 * records the call (CallRecorder) and sends it piece by piece — unless the call goes through the SFU, which records
 * it itself (decision F-sfu).
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import {
  getCallRecordingOptions,
  type Recording,
  requestCallRecording,
  stopCallRecording,
  uploadRecordingChunk,
} from '@trialpath/contract';
import { formatDuration, recordButtonState, translate } from '@trialpath/domain';
import { CallRecorder, type MeshCall, type MeshCallState, notify } from '@trialpath/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, upload } from '../../shared/api';

export function RecordControl({ call, studyId, callId }: { call: MeshCall; studyId: string; callId: string }) {
  const { t, i18n } = useTranslation('telehealth');
  const state = useSyncExternalStore(
    (n) => call.subscribe(() => n()),
    () => call.snapshot,
  );
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [asked, setAsked] = useState<Recording | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [now, setNow] = useState(Date.now());
  const recorder = useRef<CallRecorder | null>(null);
  const say = (key: Parameters<typeof translate>[0]) => translate(key, undefined, i18n.language);

  useEffect(() => {
    api
      .call(getCallRecordingOptions, { params: { studyId, callId } })
      .then((o) => setAllowed(o.allowed))
      .catch((e) => {
        // F-130: not known, so not offered — and said why
        setAllowed(false);
        notify(errorMessage(e, t('call.featuresFailed')), { kind: 'error' });
      });
  }, [studyId, callId, t]);

  const meId = state.me?.peerId ?? null;
  const told = state.recording ?? asked;
  const mine = told && told.createdBy.id === meId ? told : null;
  const button = recordButtonState(allowed, mine);

  const finishRecorder = () => {
    const r = recorder.current;
    recorder.current = null;
    if (r) void r.stop();
  };

  const startRecorder = (rec: Recording) => {
    if (recorder.current || call.snapshot.media === 'sfu') return;
    const r = new CallRecorder(
      () => {
        const s = call.snapshot;
        return [
          ...(s.me ? [{ id: s.me.peerId, name: s.me.name, stream: s.local }] : []),
          ...s.people.map((p) => ({ id: p.peer.peerId, name: p.peer.name, stream: p.stream })),
        ];
      },
      async (seq, piece, last) => {
        await upload(uploadRecordingChunk, {
          params: { studyId, recordingId: rec.id, seq: String(seq) },
          ...(last ? { query: { last: '1' } } : {}),
          file: piece,
        });
      },
    );
    recorder.current = r;
    r.start();
  };

  // each step of the protocol as it is told, and the call's end (what was recorded is sent): a subscription to the
  // call, its handler always this render's (a ref), so one reaction per step however often the panel renders
  const react = useRef<(s: MeshCallState) => void>(() => {});
  react.current = (s) => {
    const news = s.recordingNews;
    if (s.phase === 'ended' || s.phase === 'failed') finishRecorder();
    if (!news || news.recording.createdBy.id !== s.me?.peerId) return;
    setAsked(news.recording);
    switch (news.signal) {
      case 'recording_start':
        startRecorder(news.recording);
        notify(say('telehealth.recordingStarted'), { kind: 'success' });
        break;
      case 'recording_denied':
        notify(say('telehealth.recordingDenied'), { kind: 'error' });
        break;
      case 'recording_timeout':
        notify(say('telehealth.recordingTimedOut'), { kind: 'error' });
        break;
      case 'recording_stop_requested':
        finishRecorder();
        break;
      case 'recording_stopped':
        if (news.recording.state === 'STOPPED') notify(say('telehealth.recordingEnded'), { kind: 'success' });
        break;
    }
  };
  useEffect(() => {
    let seen = call.snapshot.recordingNews?.seq ?? 0;
    const unsubscribe = call.subscribe((s) => {
      const seq = s.recordingNews?.seq ?? 0;
      if (seq === seen && s.phase !== 'ended' && s.phase !== 'failed') return;
      seen = seq;
      react.current(s);
    });
    return () => {
      unsubscribe();
      const r = recorder.current;
      recorder.current = null;
      if (r) void r.stop();
    };
  }, [call]);

  useEffect(() => {
    if (button !== 'timer') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [button]);

  const ask = async () => {
    try {
      const rec = await api.call(requestCallRecording, { params: { studyId, callId } });
      setAsked(rec);
      notify(say(rec.state === 'PENDING' ? 'telehealth.recordingWhenJoins' : 'telehealth.recordingRequestSent'), {
        kind: 'success',
      });
    } catch (e) {
      notify(errorMessage(e, t('call.recordFailed')), { kind: 'error' });
    }
  };

  const stop = async () => {
    setConfirming(false);
    if (!mine) return;
    try {
      await api.call(stopCallRecording, { params: { studyId, recordingId: mine.id } });
    } catch (e) {
      notify(errorMessage(e, t('call.recordFailed')), { kind: 'error' });
    }
  };

  if (button === 'hidden') return null;
  const elapsed = mine?.startTime ? (now - Date.parse(mine.startTime)) / 1000 : 0;
  return (
    <>
      {button === 'not-allowed' ? (
        <Button size="compact-md" radius="xl" variant="light" color="gray" disabled>
          {say('telehealth.recordingNotAllowed')}
        </Button>
      ) : button === 'pending' ? (
        <Button
          size="compact-md"
          radius="xl"
          variant="light"
          color="orange"
          aria-label={t('call.recordPending')}
          onClick={() => setConfirming(true)}
        >
          {t('call.pending')}
        </Button>
      ) : button === 'timer' ? (
        <Button
          size="compact-md"
          radius="xl"
          color="red"
          aria-label={t('call.recordStop', { time: formatDuration(elapsed) })}
          onClick={() => setConfirming(true)}
        >
          ● {formatDuration(elapsed)}
        </Button>
      ) : (
        <Button
          size="compact-md"
          radius="xl"
          variant="light"
          color="red"
          aria-label={t('call.recordAsk')}
          onClick={ask}
        >
          ● {t('call.rec')}
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={button === 'timer' ? t('call.stopRecording') : t('call.cancelRequest')}
        centered
        zIndex={400}
      >
        <Text mb="md">{button === 'timer' ? t('call.confirmStop') : t('call.confirmCancelRequest')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('call.keepRecording')}
          </Button>
          <Button color="red" onClick={stop}>
            {button === 'timer' ? t('call.stopRecording') : t('call.cancelRequest')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
