import { Stack, Text } from '@mantine/core';
import { checkParticipantVerificationLink, getParticipantResetLink } from '@trialpath/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { changeLanguage, UI_LANGUAGES } from '../../i18n';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api, storage } from '../../shared/portal';
import { LANGUAGE_KEY } from '../../shared/storage';
import { Shell } from '../layout/Shell';
import { PageLoader } from '../layout/StudyLayout';
import { ErrorAlert } from '../layout/parts';
import { PageTitle } from '../layout/parts-plain';
import { parseLinkRoute, verifyLinkTarget } from './enrol-logic';
import './texts';
import { Unsubscribe } from './Unsubscribe';

/** The language a reset link names ({lang} of /participant-reset-password/…), if the portal has its strings. */
export function linkLanguage(lang: string): string | null {
  const base = lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (UI_LANGUAGES as readonly string[]).includes(base) ? lang.trim() : null;
}

/**
 * The e-mailed links of 000 §2.1 (decision D-025) carry a study id, not the study code the portal's pages are
 * addressed by: the link's call names the study, then its page opens (verify → the study's verify-link page;
 * reset → its reset-password page, or forgot-password when the link no longer works).
 */
export default function LinkLanding({ segments }: { segments: readonly string[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useDocumentTitle(t('enrol.link.invalidTitle'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const route = parseLinkRoute(segments);
    const fail = (err?: unknown) =>
      setFailure(
        err === undefined
          ? t(route?.kind === 'resetLink' ? 'enrol.link.resetInvalid' : 'enrol.link.invalidText')
          : failureText(err, lang, 'data.syncFailed', navigator.onLine),
      );
    if (!route) return fail();
    if (route.kind === 'unsubscribe') return;
    if (route.kind === 'verifyLink') {
      api
        .call(checkParticipantVerificationLink, {
          query: {
            studyId: route.studyId,
            token: route.token,
            email: route.email,
            ...(route.participantId && { participantId: route.participantId }),
          },
        })
        .then((r) => (r.studyCode ? navigate(verifyLinkTarget(r.studyCode, route), { replace: true }) : fail()), fail);
      return;
    }
    const chosen = linkLanguage(route.lang);
    if (chosen) {
      storage.setItem(LANGUAGE_KEY, chosen);
      void changeLanguage(chosen);
    }
    api.call(getParticipantResetLink, { params: { languageId: route.languageId, token: route.token } }).then((r) => {
      if (!r.studyCode) return fail();
      navigate(
        r.valid
          ? studyPath(r.studyCode, PAGES.resetPassword, route.token)
          : studyPath(r.studyCode, PAGES.forgotPassword),
        { replace: true },
      );
    }, fail);
  }, []);

  // the link's query (the unsubscribe token) is in the address after the route's path
  const route = parseLinkRoute(segments, window.location.hash.split('?')[1] ?? '');
  if (route?.kind === 'unsubscribe')
    return (
      <Shell title={t('app.name')}>
        <Unsubscribe participantId={route.participantId} token={route.token} />
      </Shell>
    );
  return (
    <Shell title={t('app.name')}>
      {failure === null ? (
        <PageLoader />
      ) : (
        <Stack gap="sm">
          <PageTitle>{t('enrol.link.invalidTitle')}</PageTitle>
          <ErrorAlert>{failure}</ErrorAlert>
          <Text c="dimmed">{t('entry.text')}</Text>
        </Stack>
      )}
    </Shell>
  );
}
