import { Button, Stack, Text } from '@mantine/core';
import { unsubscribeParticipantEmail } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../shared/errors';
import { useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert } from '../layout/parts';
import { PageTitle } from '../layout/parts-plain';

/**
 * The unsubscribe link of a participant's e-mails (E-003, decision E-participant-records): the person confirms with a
 * button — a mail scanner that fetches the link runs no script, so it unsubscribes nobody.
 */
export function Unsubscribe({ participantId, token }: { participantId: string; token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<{ done?: string; failure?: string; busy?: boolean }>({});
  const confirm = () => {
    setState({ busy: true });
    api.call(unsubscribeParticipantEmail, { params: { participantId }, body: { token } }).then(
      (r) => setState({ done: t('enrol.unsubscribe.done', { study: r.studyName }) }),
      (err: unknown) => setState({ failure: failureText(err, lang, 'data.syncFailed', navigator.onLine) }),
    );
  };
  return (
    <Stack gap="md">
      <PageTitle>{t('enrol.unsubscribe.title')}</PageTitle>
      {state.done ? (
        <Text role="status">{state.done}</Text>
      ) : (
        <>
          <Text>{t('enrol.unsubscribe.text')}</Text>
          {state.failure && <ErrorAlert>{state.failure}</ErrorAlert>}
          <Button onClick={confirm} loading={state.busy} style={{ alignSelf: 'flex-start' }}>
            {t('enrol.unsubscribe.confirm')}
          </Button>
        </>
      )}
    </Stack>
  );
}
