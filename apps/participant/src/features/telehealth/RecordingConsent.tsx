/**
 * The participant's side of recording (F-074 … F-077; decision F-recording): when the study team asks, the question
 * over the call with Allow and Don't allow (the answer is audited with the call); while it records, a plain
 * "Recording" sign on the call, so nobody is recorded without seeing it.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { answerMyRecordingRequest } from '@trialpath/contract';
import type { MeshCall } from '@trialpath/ui';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/portal';
import { TELEHEALTH_NS } from './texts';

export function RecordingConsent({ call }: { call: MeshCall }) {
  const { t } = useTranslation(TELEHEALTH_NS);
  const state = useSyncExternalStore(
    (n) => call.subscribe(() => n()),
    () => call.snapshot,
  );
  const [answered, setAnswered] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const rec = state.recording;
  if (rec?.state === 'RECORDING')
    return (
      <Badge color="red" variant="filled" pos="absolute" top={12} left={12} style={{ zIndex: 2 }} role="status">
        ● {t('recordingNow')}
      </Badge>
    );
  if (rec?.state !== 'REQUESTED' || answered === rec.id) return null;
  const answer = async (granted: boolean) => {
    setFailed(false);
    try {
      await api.call(answerMyRecordingRequest, { params: { recordingId: rec.id }, body: { granted } });
      setAnswered(rec.id);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="recording-question"
      p="md"
      radius="md"
      shadow="lg"
      pos="absolute"
      top={12}
      left={12}
      right={12}
      style={{ zIndex: 3 }}
    >
      <Stack gap="sm">
        <Text fw={600} id="recording-question">
          {t('recordingQuestion', { name: rec.createdBy.name })}
        </Text>
        <Text size="sm">{t('recordingWhy')}</Text>
        {failed && (
          <Text size="sm" c="red" role="alert">
            {t('recordingAnswerFailed')}
          </Text>
        )}
        <Group>
          <Button color="teal" onClick={() => answer(true)}>
            {t('recordingAllow')}
          </Button>
          <Button variant="default" onClick={() => answer(false)}>
            {t('recordingDeny')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
