import '../../feature-styles';
import { Alert, Stack, Text } from '@mantine/core';
import { getStudyEnrolment } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { storage } from '../../shared/portal';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { useRouteParam } from '../layout/route-params';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { EligibilityStep } from './EligibilityStep';
import { type EnrolMode, startStep } from './enrol-logic';
import { markFromWeb, storeEnrolmentFacts } from './enrol-storage';
import { RegistrationForm } from './RegistrationForm';
import { RichText } from './RichText';
import './texts';

type Step = 'eligibility' | 'register' | 'ineligible';

/**
 * Joining a study from its link (open enrolment: eligibility questions, then the registration form) or from
 * an invitation (`register/{token}`: the form at once). The study's live version decides what is asked.
 */
export default function EnrolPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const token = useRouteParam('token');
  const mode: EnrolMode = token ? { kind: 'invited', token } : { kind: 'open' };
  const input = { params: { studyCode: study.studyCode } };
  const facts = useEndpointQuery(queries, getStudyEnrolment, input);
  const [step, setStep] = useState<Step | null>(null);
  const [screeningId, setScreeningId] = useState<string | null>(null);
  const [ineligibleMessage, setIneligibleMessage] = useState<Record<string, string>>({});
  useDocumentTitle(t(token ? 'enrol.register.title' : 'enrol.join.button'), study.name);

  useEffect(() => markFromWeb(storage), []);
  const data = facts.status === 'success' ? facts.data : null;
  useEffect(() => {
    if (data)
      storeEnrolmentFacts(storage, {
        openEnrolment: data.openEnrolment && data.studyVersionId !== null,
        verificationMethod: data.verificationMethod,
      });
  }, [data]);

  const restart = () => {
    setScreeningId(null);
    setStep(null);
    void queries.reload(getStudyEnrolment, input);
  };

  if (facts.status === 'loading') return <PageLoader />;
  if (facts.status === 'error')
    return <ErrorAlert>{failureText(facts.error, lang, 'data.syncFailed', navigator.onLine)}</ErrorAlert>;
  const f = facts.data;
  const current = step ?? startStep(f, mode);
  const login = studyPath(study.studyCode, PAGES.login);

  if (current === 'closed') {
    return (
      <Stack gap="md">
        <PageTitle>{t('enrol.join.button')}</PageTitle>
        <Alert color="gray" role="status">
          {f.studyVersionId ? t('enrol.join.closed') : t('enrol.join.noVersion')}
        </Alert>
        <TouchLink to={login}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    );
  }
  if (current === 'ineligible') {
    const own = Object.values(ineligibleMessage).some((v) => v.trim() !== '');
    return (
      <Stack gap="md">
        <PageTitle>{t('enrol.eligibility.ineligibleTitle')}</PageTitle>
        <div role="status">
          {own ? (
            <RichText text={ineligibleMessage} lang={lang} defaultLanguage={f.defaultLanguage} />
          ) : (
            <Text>{translate('enrolment.ineligible', undefined, lang)}</Text>
          )}
        </div>
        <TouchLink to={studyPath(study.studyCode, PAGES.language)}>{t('nav.backToStart')}</TouchLink>
      </Stack>
    );
  }
  if (current === 'eligibility') {
    return (
      <EligibilityStep
        facts={f}
        onEligible={(id) => {
          setScreeningId(id);
          setStep('register');
        }}
        onIneligible={(message) => {
          setIneligibleMessage(message);
          setStep('ineligible');
        }}
        onVersionChanged={restart}
      />
    );
  }
  return <RegistrationForm facts={f} mode={mode} screeningId={screeningId} onRestart={restart} />;
}
