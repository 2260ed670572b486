import '../../feature-styles';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { buildPath, getIconLibraryIcon, getMyConsents, signMyConsent } from '@trialpath/contract';
import { ConsentFlow, type ConsentSignResult } from '@trialpath/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { CohortChoice } from './CohortChoice';
import { callFailureText, type MyConsentItem, needsSignature } from './data';
import { localOffset, makeRequestId } from './signing';
import { type SignedConsent, SignedConsents } from './SignedConsents';
import './texts';

const ALL = {};
/** A consent as this version holds it (a changed consent is another). */
const keyOf = (i: MyConsentItem) => `${i.consent.id}/${i.contentHash}`;
const iconUrl = (iconId: string) => buildPath(getIconLibraryIcon.path, { iconId });

/**
 * #/participants/web/{studyCode}/consent (D-034, D-035; decision D-consent-signature): the cohort first when the study
 * has cohorts and the participant has none; then each consent not signed (or changed since it was signed)
 * read and signed with the shared ConsentFlow; then the signed consents with their PDFs. Opened later, the
 * page lists the signed consents with their downloads.
 */
export default function ConsentPage() {
  const pid = useSession()?.pid ?? null;
  if (!pid) return null;
  return <ConsentScreen key={pid} />;
}

function ConsentScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const state = useEndpointQuery(queries, getMyConsents, ALL);
  /** Consents signed on this visit (shown at once, before the list is read again). */
  const [justSigned, setJustSigned] = useState<(SignedConsent & { key: string })[]>([]);
  /** Something happened on this visit (a cohort chosen, a consent signed): the next screen takes the focus. */
  const [moved, setMoved] = useState(false);
  const defaultLanguage = study.languages.find((l) => l.is_default)?.language_culture ?? 'en';
  useDocumentTitle(t('consent.title'), study.name);

  // The list is read afresh on arrival (a consent may have changed since it was last read).
  useEffect(() => {
    void queries.invalidate(getMyConsents);
  }, []);

  const home = studyPath(study.studyCode, PAGES.home);
  const backHome = <TouchLink to={home}>{t('nav.backToHome')}</TouchLink>;

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <Stack gap="md">
        <PageTitle>{t('consent.title')}</PageTitle>
        <ErrorAlert>{callFailureText(state.error, lang, t('consent.loadFailed'))}</ErrorAlert>
        <Button size="lg" onClick={() => void queries.reload(getMyConsents, ALL)}>
          {t('app.retry')}
        </Button>
        {backHome}
      </Stack>
    );
  }

  const data = state.data;
  if (data.cohortRequired) {
    return (
      <CohortChoice
        cohorts={data.cohorts}
        defaultLanguage={defaultLanguage}
        onChosen={async () => {
          setMoved(true);
          await queries.invalidate(getMyConsents);
        }}
      />
    );
  }

  const signedHere = new Set(justSigned.map((s) => s.key));
  const pending = data.items.filter((i) => needsSignature(i) && !signedHere.has(keyOf(i)));
  const current = pending[0];
  if (current) {
    const total = data.items.length;
    const position = total - pending.length + 1;
    return (
      <Stack gap="md">
        <div>
          <PageTitle>{t('consent.title')}</PageTitle>
          {total > 1 && <Text c="dimmed">{t('consent.progress', { n: position, m: total })}</Text>}
        </div>
        <SignOne
          key={keyOf(current)}
          item={current}
          defaultLanguage={defaultLanguage}
          focusOnMount={moved}
          onSigned={async (signed) => {
            setMoved(true);
            setJustSigned((list) => [...list, { ...signed, key: keyOf(current) }]);
            await queries.invalidate(getMyConsents);
          }}
        />
        {backHome}
      </Stack>
    );
  }

  // Everything is signed: each signature as the server lists it, else as it was just made.
  const signed = data.items.flatMap((i): SignedConsent[] => {
    if (i.status === 'SIGNED' && i.signature)
      return [{ consentId: i.consent.id, name: i.consent.name, signature: i.signature }];
    const here = justSigned.find((s) => s.key === keyOf(i));
    return here ? [{ consentId: here.consentId, name: here.name, signature: here.signature }] : [];
  });
  return (
    <DoneScreen
      thanked={justSigned.length > 0}
      focus={moved}
      signed={signed}
      empty={data.items.length === 0}
      defaultLanguage={defaultLanguage}
      home={home}
    />
  );
}

/** One consent read and signed; the request id of the signing attempt is made when its signature step starts. */
function SignOne({
  item,
  defaultLanguage,
  focusOnMount,
  onSigned,
}: {
  item: MyConsentItem;
  defaultLanguage: string;
  focusOnMount: boolean;
  onSigned: (signed: SignedConsent) => Promise<void>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  /** Kept for every retry of this attempt: the server takes one signature per request id. */
  const requestId = useRef<string | null>(null);

  const sign = async (r: ConsentSignResult) => {
    requestId.current ??= makeRequestId();
    try {
      const signature = await api.call(signMyConsent, {
        params: { consentId: item.consent.id },
        body: {
          requestId: requestId.current,
          contentHash: item.contentHash,
          password: r.password,
          meaningAccepted: true,
          typedName: r.typedName,
          drawnSignature: r.drawnSignature,
          acceptedDisclaimers: r.acceptedDisclaimers,
          optionalConsents: r.optionalConsents,
          quizAttempts: r.quizAttempts,
          localOffset: localOffset(),
        },
      });
      await onSigned({ consentId: item.consent.id, name: item.consent.name, signature });
    } catch (e) {
      // A signature the server took while its answer was lost shows up when the list is read again.
      void queries.invalidate(getMyConsents);
      throw new Error(callFailureText(e, lang, t('consent.signFailed')));
    }
  };

  return (
    <ConsentFlow
      consent={item.consent}
      language={lang}
      defaultLanguage={defaultLanguage}
      meaning={item.meaning}
      mode="participant"
      iconUrl={iconUrl}
      focusOnMount={focusOnMount}
      onSignatureStep={() => {
        requestId.current ??= makeRequestId();
      }}
      onSign={sign}
      notice={
        item.status === 'RECONSENT_REQUIRED' ? (
          <Alert color="orange" variant="light" data-testid="reconsent">
            {t('consent.reconsent')}
          </Alert>
        ) : null
      }
    />
  );
}

function DoneScreen({
  thanked,
  focus,
  signed,
  empty,
  defaultLanguage,
  home,
}: {
  thanked: boolean;
  focus: boolean;
  signed: SignedConsent[];
  empty: boolean;
  defaultLanguage: string;
  home: string;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  return (
    <Stack gap="md">
      <div ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        <PageTitle>
          {empty ? t('consent.title') : thanked ? t('consent.done.title') : t('consent.done.signedTitle')}
        </PageTitle>
      </div>
      {empty ? (
        <Text>{t('consent.none')}</Text>
      ) : (
        <>
          <Alert color="teal" variant="light" role="status">
            {thanked ? t('consent.done.text') : t('consent.done.signedText')}
          </Alert>
          <SignedConsents items={signed} defaultLanguage={defaultLanguage} />
        </>
      )}
      <TouchLink to={home}>{t('nav.backToHome')}</TouchLink>
    </Stack>
  );
}
