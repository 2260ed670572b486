import '../../feature-styles';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import {
  type DeviceRegistration,
  getParticipantDevice,
  getPushPublicKey,
  registerParticipantDevice,
  sendParticipantTestPush,
  unregisterParticipantDevice,
} from '@trialpath/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api, deviceId } from '../../shared/portal';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { browserPush } from './browser';
import { disablePush, enablePush, type PushContext, type PushServer, screenState } from './push';
import { NOTIFICATIONS_NS, NOTIFICATIONS_TEXTS } from './texts';

// The screen's texts arrive with the screen (not in the first load).
for (const [lang, texts] of Object.entries(NOTIFICATIONS_TEXTS))
  i18next.addResourceBundle(lang, NOTIFICATIONS_NS, texts, true, false);

const server: PushServer = {
  publicKey: async () => (await api.call(getPushPublicKey)).publicKey,
  register: (body) => api.call(registerParticipantDevice, { body }),
  refuse: (id) => api.call(unregisterParticipantDevice, { params: { deviceId: id } }),
};

type Busy = 'allow' | 'notNow' | 'test' | 'off' | null;

/**
 * D-040: the notification permission screen. It says what notifications are for, and offers Allow and Not now;
 * Allow asks the browser, subscribes through the portal's service worker and registers this device (D-088…D-091);
 * a refusal or failure warns 'Please allow app to receive notifications.' (D-118). Once on, a test notification
 * can be sent and notifications turned off again.
 */
export default function NotificationsPage() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const device = useMemo(() => deviceId(), []);
  const browser = useMemo(() => browserPush(), []);
  const current = useEndpointQuery(queries, getParticipantDevice, { params: { deviceId: device } });
  const [registration, setRegistration] = useState<DeviceRegistration | null | undefined>(undefined);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  useDocumentTitle(t('title'), study.name);

  const known =
    registration !== undefined ? registration : current.status === 'success' ? current.data.registration : undefined;
  const ctx: PushContext = {
    browser,
    server,
    identity: { participantId: session?.pid ?? '', studyId: study.studyId, deviceId: device },
    base: import.meta.env.BASE_URL,
    lang,
  };

  const start = (what: Exclude<Busy, null>) => {
    setBusy(what);
    setWarning(null);
    setError(null);
    setDone(null);
  };

  const allow = async () => {
    start('allow');
    const outcome = await enablePush(ctx);
    setBusy(null);
    if (outcome.ok) setRegistration(outcome.registration);
    else setWarning(outcome.message);
    void queries.invalidate(getParticipantDevice);
  };

  const refuse = async (what: 'notNow' | 'off') => {
    start(what);
    try {
      await disablePush(ctx);
      void queries.invalidate(getParticipantDevice);
      if (what === 'notNow') {
        navigate(studyPath(study.studyCode, PAGES.home));
        return;
      }
      setRegistration(null);
      setDone(t('turnedOff'));
    } catch (err) {
      setError(failureText(err, lang, 'errors.internal', navigator.onLine));
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    start('test');
    try {
      await api.call(sendParticipantTestPush, { body: {} });
      setDone(t('testSent'));
    } catch (err) {
      setError(failureText(err, lang, 'errors.internal', navigator.onLine));
    } finally {
      setBusy(null);
    }
  };

  if (known === undefined && current.status !== 'error') {
    return (
      <Stack gap="lg">
        <PageTitle>{t('title')}</PageTitle>
        <Loader size="sm" role="img" aria-label={i18next.t('app.loading')} />
      </Stack>
    );
  }

  const state = screenState(browser, known ?? null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      {warning && (
        <Alert color="yellow" variant="light" role="alert" data-testid="push-warning">
          <Text c="dark.8">{warning}</Text>
        </Alert>
      )}
      <ErrorAlert>{error}</ErrorAlert>
      {done && <SuccessAlert>{done}</SuccessAlert>}
      {state === 'on' ? (
        <Stack gap="md">
          <Text fw={500}>{t('on')}</Text>
          <PrimaryButton
            type="button"
            loading={busy === 'test'}
            disabled={busy !== null}
            onClick={() => void sendTest()}
          >
            {t('sendTest')}
          </PrimaryButton>
          <PrimaryButton
            type="button"
            variant="outline"
            loading={busy === 'off'}
            disabled={busy !== null}
            onClick={() => void refuse('off')}
          >
            {t('turnOff')}
          </PrimaryButton>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('intro')}</Text>
          <Text>{t('choice')}</Text>
          {state === 'blocked' && <Text c="dimmed">{t('blocked')}</Text>}
          {state === 'unsupported' && <Text c="dimmed">{t('unsupported')}</Text>}
          <Group grow gap="sm" wrap="wrap">
            <PrimaryButton
              type="button"
              loading={busy === 'allow'}
              disabled={busy !== null}
              onClick={() => void allow()}
            >
              {t('allow')}
            </PrimaryButton>
            <PrimaryButton
              type="button"
              variant="outline"
              loading={busy === 'notNow'}
              disabled={busy !== null}
              onClick={() => void refuse('notNow')}
            >
              {t('notNow')}
            </PrimaryButton>
          </Group>
        </Stack>
      )}
      <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>
    </Stack>
  );
}
