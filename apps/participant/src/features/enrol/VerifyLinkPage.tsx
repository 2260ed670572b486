import { Stack, Text } from '@mantine/core';
import { ApiRequestError, confirmParticipantVerificationLink } from '@trialpath/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api, storage } from '../../shared/portal';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { useRouteParam } from '../layout/route-params';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { clearPendingVerification, storePendingVerification } from './enrol-storage';
import { Verified } from './Verified';
import { isAlreadyVerified } from './VerifyPage';
import './texts';

type State =
  | { kind: 'checking' }
  | { kind: 'verified'; already: boolean }
  | { kind: 'failed'; text: string; expired: boolean };

/**
 * The e-mailed verification link, opened (000 §2.1 verify-participant forms, decision D-025): the page
 * confirms the account when it opens — a person opened it; a mail scanner fetching the address runs no
 * script — and offers the code screen when the link has expired.
 */
export default function VerifyLinkPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const token = useRouteParam('token');
  const email = useRouteParam('email');
  const participantId = useRouteParam('participantId');
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);
  useDocumentTitle(t('enrol.verify.title'), study.name);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened link
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .call(confirmParticipantVerificationLink, {
        body: { studyId: study.studyId, token, email, ...(participantId && { participantId }) },
      })
      .then(
        () => {
          clearPendingVerification(storage);
          setState({ kind: 'verified', already: false });
        },
        (err: unknown) => {
          if (isAlreadyVerified(err)) return setState({ kind: 'verified', already: true });
          const expired = err instanceof ApiRequestError && err.body?.messageKey === 'enrolment.linkExpired';
          // The -v2/-v3 link names the account: the code screen can send it a new code from this device.
          if (expired && participantId)
            storePendingVerification(storage, {
              studyCode: study.studyCode,
              pid: participantId,
              verificationMethod: 'email',
              destination: '',
            });
          setState({ kind: 'failed', text: failureText(err, lang, 'data.syncFailed', navigator.onLine), expired });
        },
      );
  }, []);

  if (state.kind === 'checking')
    return (
      <Stack gap="md">
        <PageTitle>{t('enrol.verify.title')}</PageTitle>
        <Text c="dimmed">{t('enrol.verify.checking')}</Text>
        <PageLoader />
      </Stack>
    );
  if (state.kind === 'verified') return <Verified already={state.already} />;
  return (
    <Stack gap="md">
      <PageTitle>{t('enrol.link.invalidTitle')}</PageTitle>
      <ErrorAlert>{state.text}</ErrorAlert>
      {state.expired && (
        <TouchLink to={studyPath(study.studyCode, PAGES.verify)}>{t('enrol.link.enterCode')}</TouchLink>
      )}
      <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('enrol.verified.login')}</TouchLink>
    </Stack>
  );
}
