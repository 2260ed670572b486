import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiRequestError, getParticipantWebStudy, type ParamsOf, type QueryOf } from '@trialpath/contract';
import { decideHttpOutcome } from '@trialpath/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useLang } from '../../shared/hooks';
import { storage } from '../../shared/portal';
import { forgetStudy, rememberedStudy } from '../../shared/storage';
import { PageTitle } from './parts-plain';

/** The study (or prototype) of the link does not exist (404), or could not be loaded (offline, server trouble). */
export default function StudyLoadError({
  input,
  prototype,
  error,
}: {
  input: { params: ParamsOf<typeof getParticipantWebStudy>; query: QueryOf<typeof getParticipantWebStudy> };
  /** Opened through a prototype link: not found means the link no longer works (decision 0043). */
  prototype: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const code = input.params.studyCode;
  useEffect(() => {
    if (notFound && !prototype) forgetStudy(storage, code);
  }, [notFound, prototype, code]);
  if (notFound && prototype) {
    return (
      <Stack gap="md">
        <PageTitle>{t('prototype.goneTitle')}</PageTitle>
        <Text>{t('prototype.goneText')}</Text>
      </Stack>
    );
  }
  if (notFound) {
    return (
      <Stack gap="md">
        <PageTitle>{t('study.notFoundTitle')}</PageTitle>
        <Text>{t('study.notFoundText')}</Text>
      </Stack>
    );
  }
  // No connection or a server away: the portal's warning already names the cause, so the page says what it means here.
  const warned =
    error instanceof ApiRequestError &&
    decideHttpOutcome({
      status: error.status,
      body: error.body,
      online: navigator.onLine,
      isParticipantWithPid: false,
      portal: 'participant',
    }).kind === 'warn';
  return (
    <Stack gap="md">
      <PageTitle>{rememberedStudy(storage, code)?.name || t('app.name')}</PageTitle>
      <Alert color="red" role="alert">
        {warned ? t('study.loadFailed') : failureText(error, lang, 'data.syncFailed', navigator.onLine)}
      </Alert>
      {!warned && <Text>{t('study.loadFailed')}</Text>}
      <Button size="lg" onClick={() => void queries.reload(getParticipantWebStudy, input)}>
        {t('app.retry')}
      </Button>
    </Stack>
  );
}
