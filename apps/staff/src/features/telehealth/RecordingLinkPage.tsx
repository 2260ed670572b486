/**
 * F-005 /studies/{studyId}/archive/{archiveId}/view-video (decision F-recording): the address of one recording (in
 * a notification, a message to a colleague). The recording the caller may see opens in the playback panel beside
 * the visit's appointments; one they may not see, or that is not ready, says why.
 */
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getTelehealthRecording, queryKeyOf } from '@trialpath/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, studyEntryApi } from '../../shared/api';
import { usePageEnvironment } from '../../shared/queries';
import { playbackStore } from './playback-store';

export function RecordingLinkPage() {
  const { t } = useTranslation('telehealth');
  const { studyId = '', archiveId = '' } = useParams();
  const navigate = useNavigate();
  const env = usePageEnvironment();
  const input = { params: { studyId, recordingId: archiveId } };
  const recording = useQuery({
    queryKey: queryKeyOf(getTelehealthRecording, input, env),
    // a recording this person may not see is said here, not by leaving for the studies list (that is for studies)
    queryFn: ({ signal }) => studyEntryApi.call(getTelehealthRecording, { ...input, signal }),
    retry: false,
  });
  const rec = recording.data;
  const ready = rec?.mediaState === 'READY';
  const appointments = `/studies/${studyId}/telehealth/appointments`;

  useEffect(() => {
    if (rec?.mediaState !== 'READY') return;
    playbackStore.set({
      studyId,
      appointmentId: rec.appointmentId,
      participantCode: rec.participantCode,
      recordingId: rec.id,
    });
    navigate(appointments, { replace: true });
  }, [rec, studyId, navigate, appointments]);

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('playback.linkTitle')}</Title>
      {recording.isPending || ready ? (
        <Loader aria-label={t('playback.linkOpening')} />
      ) : (
        <Alert color="orange" role="alert">
          {recording.isError ? errorMessage(recording.error, t('playback.listFailed')) : t('playback.none')}
        </Alert>
      )}
      <Anchor component={Link} to={appointments}>
        {t('playback.toAppointments')}
      </Anchor>
    </Stack>
  );
}
