/**
 * The playback panel (002 §2, §4, §9; F-088 … F-102, F-149 … F-151; decision F-recording): a visit's recordings
 * beside the page at 26% (or the whole width in full screen), with the record date, previous and next when there
 * are several, play/pause, mute, seek, elapsed and duration as hh:mm:ss, full screen and close. Downloading asks
 * first: the file holds the participant's personal information ('I Understand' / 'Cancel download'). Every
 * playback and download is audited by the server.
 */
import { ActionIcon, Alert, Button, Group, Modal, Slider, Stack, Text, Title } from '@mantine/core';
import { listTelehealthRecordings, openTelehealthRecording, type Recording } from '@trialpath/contract';
import { formatDuration } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { useEndpointQuery } from '../../shared/queries';
import { type ActivePlayback, playbackStore } from './playback-store';
import { SidePanel } from './SidePanel';

function Control({
  label,
  onClick,
  children,
  on,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  on?: boolean;
}) {
  return (
    <ActionIcon
      title={label}
      aria-label={label}
      aria-pressed={on}
      size="lg"
      radius="xl"
      variant={on ? 'filled' : 'light'}
      color="gray"
      onClick={onClick}
    >
      <Text component="span" fw={700} size="xs" aria-hidden>
        {children}
      </Text>
    </ActionIcon>
  );
}

export function PlaybackPanel({
  active,
  fullScreen,
  onFullScreen,
}: {
  active: ActivePlayback;
  fullScreen: boolean;
  onFullScreen: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const list = useEndpointQuery(listTelehealthRecordings, {
    params: { studyId: active.studyId },
    query: { appointmentId: active.appointmentId },
  });
  const ready = (list.data?.items ?? []).filter((r) => r.mediaState === 'READY');
  const [index, setIndex] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [at, setAt] = useState(0);
  const [length, setLength] = useState(0);
  const [warning, setWarning] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // the recording asked for first, once the list is known
  const wanted = active.recordingId;
  const readyIds = ready.map((r) => r.id).join(',');
  useEffect(() => {
    const i = readyIds.split(',').indexOf(wanted ?? '');
    if (i >= 0) setIndex(i);
  }, [wanted, readyIds]);

  const rec: Recording | undefined = ready[Math.min(index, ready.length - 1)];
  const recId = rec?.id;
  const recDuration = rec?.archiveDuration ?? 0;
  useEffect(() => {
    if (!recId) return;
    setUrl(null);
    setFailed(null);
    setPlaying(false);
    setAt(0);
    setLength(recDuration);
    api
      .call(openTelehealthRecording, {
        params: { studyId: active.studyId, recordingId: recId },
        body: { purpose: 'play' },
      })
      .then((r) => setUrl(r.url))
      .catch((e) => setFailed(errorMessage(e, t('playback.failed'))));
  }, [recId, recDuration, active.studyId, t]);

  const close = () => {
    onFullScreen(false);
    playbackStore.set(null);
  };

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play();
    else v.pause();
  };

  const download = async () => {
    setWarning(false);
    if (!rec) return;
    if (downloading) {
      notify(t('playback.downloadBusy'), { kind: 'info' });
      return;
    }
    setDownloading(true);
    notify(t('playback.downloadStarted'), { kind: 'info' });
    try {
      const link = await api.call(openTelehealthRecording, {
        params: { studyId: active.studyId, recordingId: rec.id },
        body: { purpose: 'download' },
      });
      const res = await fetch(link.url);
      if (!res.ok) throw new Error(String(res.status));
      saveFile(link.fileName, res.headers.get('content-type') ?? 'video/mp4', await res.blob());
      notify(t('playback.downloadDone'), { kind: 'success' });
    } catch (e) {
      notify(errorMessage(e, t('playback.downloadFailed')), { kind: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const recordDate = rec
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(rec.startTime ?? rec.createdAt),
      )
    : '';

  return (
    <SidePanel
      label={t('playback.title', { code: active.participantCode })}
      fullScreen={fullScreen}
      testId="playback-panel"
      gap={8}
    >
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" c="white">
          {t('playback.title', { code: active.participantCode })}
        </Title>
        <Control label={t('playback.close')} onClick={close}>
          ✕
        </Control>
      </Group>
      {list.isError && <Alert color="red">{t('playback.listFailed')}</Alert>}
      {list.isSuccess && ready.length === 0 && <Text c="dimmed">{t('playback.none')}</Text>}
      {rec && (
        <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
          <Text size="sm" c="gray.3">
            {t('playback.recordDate')}: <span data-testid="record-date">{recordDate}</span>
            {ready.length > 1 && ` · ${t('playback.position', { n: index + 1, of: ready.length })}`}
          </Text>
          {failed ? (
            <Alert color="red" role="alert">
              {failed}
            </Alert>
          ) : (
            <video
              ref={video}
              src={url ?? undefined}
              muted={muted}
              playsInline
              aria-label={rec.name}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
              onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setLength(e.currentTarget.duration)}
              style={{ width: '100%', flex: 1, minHeight: 0, background: '#000', borderRadius: 8 }}
            />
          )}
          <Slider
            thumbLabel={t('playback.seek')}
            thumbValueText={(v) => formatDuration(v)}
            min={0}
            max={Math.max(length, 0.1)}
            step={0.1}
            value={Math.min(at, length)}
            label={(v) => formatDuration(v)}
            onChange={(v) => {
              if (video.current) video.current.currentTime = v;
              setAt(v);
            }}
            color="teal"
          />
          <Text size="sm" c="white" ta="center" data-testid="playback-time">
            {formatDuration(at)} / {formatDuration(length)}
          </Text>
          <Group justify="center" gap="xs" wrap="wrap">
            {ready.length > 1 && (
              <Control
                label={t('playback.previous')}
                onClick={() => setIndex((i) => (i - 1 + ready.length) % ready.length)}
              >
                |◀
              </Control>
            )}
            <Control label={playing ? t('playback.pause') : t('playback.play')} onClick={togglePlay} on={playing}>
              {playing ? '❚❚' : '▶'}
            </Control>
            <Control
              label={muted ? t('playback.unmute') : t('playback.mute')}
              onClick={() => setMuted(!muted)}
              on={muted}
            >
              {muted ? 'Off' : 'Snd'}
            </Control>
            {ready.length > 1 && (
              <Control label={t('playback.next')} onClick={() => setIndex((i) => (i + 1) % ready.length)}>
                ▶|
              </Control>
            )}
            <Control
              label={fullScreen ? t('call.exitFullScreen') : t('call.fullScreen')}
              onClick={() => onFullScreen(!fullScreen)}
              on={fullScreen}
            >
              [ ]
            </Control>
            <Button size="compact-sm" variant="light" color="gray" onClick={() => setWarning(true)}>
              {t('playback.download')}
            </Button>
          </Group>
        </Stack>
      )}
      <Modal
        opened={warning}
        onClose={() => setWarning(false)}
        title={t('playback.downloadTitle')}
        centered
        zIndex={400}
      >
        <Text mb="md">{t('playback.downloadWarning')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setWarning(false)}>
            {t('playback.cancelDownload')}
          </Button>
          <Button onClick={download}>{t('playback.understand')}</Button>
        </Group>
      </Modal>
    </SidePanel>
  );
}
