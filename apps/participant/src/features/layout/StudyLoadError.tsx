import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiRequestError, getParticipantWebStudy } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useLang } from '../../shared/hooks';
import { PageTitle } from './parts-plain';

/** The study of the link does not exist (404), or could not be loaded (offline, server trouble). */
export default function StudyLoadError({ studyCode, error }: { studyCode: string; error: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notFound = error instanceof ApiRequestError && error.status === 404;
  if (notFound) {
    return (
      <Stack gap="md">
        <PageTitle>{t('study.notFoundTitle')}</PageTitle>
        <Text>{t('study.notFoundText')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageTitle>{t('app.name')}</PageTitle>
      <Alert color="red" role="alert">
        {failureText(error, lang, 'data.syncFailed', navigator.onLine)}
      </Alert>
      <Text>{t('study.loadFailed')}</Text>
      <Button size="lg" onClick={() => void queries.reload(getParticipantWebStudy, { params: { studyCode } })}>
        {t('app.retry')}
      </Button>
    </Stack>
  );
}
