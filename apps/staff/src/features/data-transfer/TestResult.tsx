/** A connection test's outcome (H-019): the server and its host key, or the stage that failed and the server's reason. */
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import type { SftpTestResult } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { useTransferLabels } from './labels';

export function TestResult({ result, onPin }: { result: SftpTestResult; onPin?: () => void }) {
  const { t } = useTranslation('data-transfer');
  const labels = useTransferLabels();
  if (!result.ok)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('test.failed', { stage: labels.stage[result.stage], reason: result.reason })}
      </Alert>
    );
  return (
    <Alert color="green" variant="light" role="status">
      <Stack gap={6}>
        <Text size="sm">
          {result.pinned
            ? t('test.okPinned', { fingerprint: result.hostKeyFingerprint })
            : t('test.ok', { server: result.serverSoftware ?? '', fingerprint: result.hostKeyFingerprint })}
        </Text>
        {result.banner && <Code block>{result.banner}</Code>}
        {onPin && (
          <Button size="compact-sm" variant="light" onClick={onPin} style={{ alignSelf: 'flex-start' }}>
            {t('test.pin')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
