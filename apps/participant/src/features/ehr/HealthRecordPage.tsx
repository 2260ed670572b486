import { Button, Stack, Text } from '@mantine/core';
import { disconnectMyEhr, getMyEhr, startMyEhr, syncMyEhr } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { EHR_NS } from './texts';

const ALL = {};

/** What the server's callback said when it sent the browser back here (`…/health-record?ehr=connected|error`). */
function returnedWith(): 'connected' | 'error' | null {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  const v = q < 0 ? null : new URLSearchParams(hash.slice(q + 1)).get('ehr');
  return v === 'connected' || v === 'error' ? v : null;
}

/**
 * #/participants/web/{studyCode}/health-record (issue 14; decision H-epic-mychart): where the study offers it, the
 * participant connects their health record (Epic MyChart or another SMART on FHIR EHR): Connect goes to the EHR's
 * sign-in, which sends the browser back here with the outcome; then the status, Update now and Disconnect.
 */
export default function HealthRecordPage() {
  const { t } = useTranslation(EHR_NS);
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, getMyEhr, pid ? ALL : null);
  const [busy, setBusy] = useState<null | 'connect' | 'sync' | 'disconnect'>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() =>
    returnedWith() === 'connected' ? t('connectedJustNow') : null,
  );
  const [returnFailed] = useState(() => returnedWith() === 'error');
  useDocumentTitle(t('title'), study.name);
  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;
  const when = (iso: string | null) => (iso ? formatDisplayDate(iso, DATE_FORMATS.DATE_TIME, undefined, lang) : '');

  const act = async (kind: 'connect' | 'sync' | 'disconnect') => {
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      if (kind === 'connect') {
        const { authorizeUrl } = await queries.mutate(startMyEhr, {}, []);
        window.location.assign(authorizeUrl);
        return;
      }
      if (kind === 'sync') {
        await queries.mutate(syncMyEhr, {}, [getMyEhr]);
        setNotice(t('synced'));
      } else {
        await queries.mutate(disconnectMyEhr, {}, [getMyEhr]);
        setNotice(t('disconnected'));
      }
    } catch (err) {
      setError(failureText(err, lang, 'network.serverIssue', navigator.onLine));
      if (kind === 'sync') void queries.invalidate(getMyEhr);
    }
    setBusy(null);
  };

  if (state.status === 'error')
    return (
      <Stack gap="md">
        <PageTitle>{t('title')}</PageTitle>
        <ErrorAlert>{failureText(state.error, lang, 'network.serverIssue', navigator.onLine)}</ErrorAlert>
        {backHome}
      </Stack>
    );
  if (state.status !== 'success') return <PageLoader />;
  const { offered, displayName, connection } = state.data;
  const name = displayName ?? '';
  const total = connection ? Object.values(connection.counts).reduce((a, b) => a + b, 0) : 0;
  const linked = connection?.status === 'CONNECTED' || (connection?.status === 'ERROR' && connection.connectedAt);

  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      <ErrorAlert>{error ?? (returnFailed && connection?.status === 'ERROR' ? t('failedJustNow') : null)}</ErrorAlert>
      {notice && <SuccessAlert>{notice}</SuccessAlert>}
      {!offered ? (
        <Text>{t('notOffered')}</Text>
      ) : (
        <>
          <Text>{t('intro', { name })}</Text>
          {connection?.status === 'CONNECTED' && <Text fw={600}>{t('connected')}</Text>}
          {connection?.status === 'REVOKED' && <Text>{t('revoked')}</Text>}
          {connection?.status === 'ERROR' && connection.lastError && (
            <Text c="red.8">{t('error', { error: connection.lastError })}</Text>
          )}
          {connection?.connectedAt && connection.status !== 'REVOKED' && (
            <Text>{t('connectedOn', { date: when(connection.connectedAt) })}</Text>
          )}
          {connection?.lastSyncAt && connection.status !== 'REVOKED' && (
            <Text>{t('lastSync', { date: when(connection.lastSyncAt) })}</Text>
          )}
          {total > 0 && <Text>{t('records', { count: total })}</Text>}
          {linked ? (
            <Stack gap="sm">
              <PrimaryButton type="button" loading={busy === 'sync'} disabled={!!busy} onClick={() => void act('sync')}>
                {t('syncNow')}
              </PrimaryButton>
              <Button
                size="lg"
                variant="outline"
                color="red"
                fullWidth
                loading={busy === 'disconnect'}
                disabled={!!busy}
                onClick={() => void act('disconnect')}
              >
                {t('disconnect')}
              </Button>
            </Stack>
          ) : (
            <PrimaryButton
              type="button"
              loading={busy === 'connect'}
              disabled={!!busy}
              onClick={() => void act('connect')}
            >
              {busy === 'connect' ? t('connecting', { name }) : connection ? t('connectAgain') : t('connect', { name })}
            </PrimaryButton>
          )}
        </>
      )}
      {backHome}
    </Stack>
  );
}
