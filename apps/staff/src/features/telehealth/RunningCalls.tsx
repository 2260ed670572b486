/**
 * The running calls one started or is invited to (decision F-calls): a colleague invited into a call joins it
 * from here; one who left by mistake goes back in.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { joinTelehealthCall, listMyTelehealthCalls } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { callStore } from './call-store';

const LOOK_EVERY_MS = 5000;

export function RunningCalls({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation('telehealth');
  const calls = useEndpointQuery(listMyTelehealthCalls, { params: { studyId } }, { refetchInterval: LOOK_EVERY_MS });
  const items = calls.data?.items ?? [];
  if (items.length === 0) return null;
  const join = async (callId: string) => {
    try {
      const session = await api.call(joinTelehealthCall, { params: { studyId, callId } });
      callStore.set({ studyId, session });
    } catch (e) {
      notify(refusalText(e, i18n.language, t('call.sessionFailed')), { kind: 'error' });
    }
  };
  return (
    <Stack gap="xs">
      {items.map((c) => (
        <Alert key={c.id} color="teal" title={t('call.panel', { code: c.participantCode })}>
          <Group justify="space-between">
            <Text size="sm">{c.startedBy.name}</Text>
            <Button
              size="xs"
              color="teal"
              onClick={() => join(c.id)}
              aria-label={t('call.joinOf', { code: c.participantCode })}
            >
              {t('call.join')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
