/** Uploading a study video (H-033): a title and the file (dropped or chosen), checked before sending, with progress. */
import { Button, FileButton, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { checkUploadFile, listStudyVideos, uploadStudyVideo, VIDEO_CONTENT_TYPES } from '@trialpath/contract';
import { ErrorAlert, notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

/** Browsers name MOV files video/quicktime; a file without a type is taken by its extension. */
function withVideoType(f: File): File {
  if (f.type) return f;
  const ext = f.name.split('.').pop()?.toLowerCase();
  const type =
    ext === 'mp4' || ext === 'm4v'
      ? 'video/mp4'
      : ext === 'webm'
        ? 'video/webm'
        : ext === 'mov'
          ? 'video/quicktime'
          : '';
  return type ? new File([f], f.name, { type }) : f;
}

export function UploadVideo({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation('study-videos');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [over, setOver] = useState(false);

  const choose = (chosen: File | null) => {
    setError(null);
    if (!chosen) return;
    const f = withVideoType(chosen);
    const fit = checkUploadFile(uploadStudyVideo, f);
    if (fit !== 'ok') return setError(fit === 'type' ? t('upload.wrongType') : t('upload.tooLarge'));
    setFile(f);
    if (!title.trim()) setTitle(f.name.replace(/\.[^.]+$/, ''));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    choose(e.dataTransfer.files[0] ?? null);
  };
  const send = async () => {
    setTitleError(title.trim() ? null : t('upload.titleRequired'));
    if (!title.trim()) return;
    if (!file) return setError(t('upload.chooseFile'));
    setError(null);
    setProgress(0);
    try {
      await upload(uploadStudyVideo, {
        params: { studyId },
        query: { title: title.trim(), fileName: file.name },
        file,
        onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 100),
      });
      notify(t('upload.done', { title: title.trim() }), { kind: 'success' });
      setTitle('');
      setFile(null);
      await invalidateEndpoints(queryClient, listStudyVideos);
    } catch (e) {
      setError(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="upload-video">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="upload-video">
          {t('upload.title')}
        </Title>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextInput
          label={t('upload.titleLabel')}
          withAsterisk
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={titleError}
          w={{ base: '100%', sm: 420 }}
        />
        <Paper
          withBorder
          radius="md"
          p="lg"
          data-testid="video-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
        >
          <Group gap="xs" justify="center">
            <Text size="sm">{t('upload.drop')}</Text>
            <FileButton onChange={choose} accept={VIDEO_CONTENT_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="default" size="xs">
                  {t('upload.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="dimmed" ta="center" mt={6}>
            {file ? t('upload.chosen', { name: file.name }) : t('upload.hint')}
          </Text>
        </Paper>
        {progress !== null && (
          <Stack gap={4}>
            <Progress value={progress} aria-label={t('upload.progress', { percent: progress })} />
            <Text size="xs">{t('upload.progress', { percent: progress })}</Text>
          </Stack>
        )}
        <Group>
          <Button onClick={() => void send()} loading={progress !== null}>
            {t('upload.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
