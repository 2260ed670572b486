/** A ready video played (<video> from its signed address), and deleting a video after a confirmation naming it. */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { deleteStudyVideo, listStudyVideos, type StudyVideo } from '@trialpath/contract';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

export function PlayerDialog({ video, playUrl, onClose }: { video: StudyVideo; playUrl: string; onClose: () => void }) {
  const { t } = useTranslation('study-videos');
  const lang = useLanguage();
  return (
    <Modal
      opened
      onClose={onClose}
      title={video.title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="sm">
        {/* biome-ignore lint/a11y/useMediaCaption: study videos are uploaded without caption tracks */}
        <video src={playUrl} controls preload="metadata" style={{ width: '100%' }} aria-label={video.title} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('player.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DeleteVideoDialog({
  studyId,
  video,
  onClose,
}: {
  studyId: string;
  video: StudyVideo;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('study-videos');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(deleteStudyVideo, { params: { studyId, videoId: video.id } });
      notify(t('remove.done', { title: video.title }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listStudyVideos);
      onClose();
    } catch (e) {
      setRefusal(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('remove.title')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="md">
        <Text size="sm">{t('remove.question', { title: video.title })}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('remove.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
