import { type LegalDocKind, PARTICIPANT_LEGAL, resolveLanguage } from '@trialpath/domain';
import { LegalDocument, uiLabel } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { segmentsOf, usePath } from '../../app/router';
import { PAGES, PORTAL_BASE, studyPath } from '../../app/routes';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** #/participants/web/{code}/privacy and …/terms: the portal's legal texts (open without signing in). */
export default function LegalPage() {
  const kind: LegalDocKind = segmentsOf(usePath()).at(-1) === PAGES.terms ? 'terms' : 'privacy';
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const doc = PARTICIPANT_LEGAL[kind][resolveLanguage(lang)];
  useDocumentTitle(doc.title, study.name);
  const other = kind === 'privacy' ? PAGES.terms : PAGES.privacy;
  return (
    <LegalDocument
      doc={doc}
      footer={
        <>
          <TouchLink to={studyPath(study.studyCode, other)}>
            {uiLabel(kind === 'privacy' ? 'termsOfUse' : 'privacyPolicy', lang)}
          </TouchLink>
          {/* The study's start: the log-in page, or home for a signed-in participant. */}
          <TouchLink to={`${PORTAL_BASE}/${encodeURIComponent(study.studyCode)}`}>{t('nav.backToStart')}</TouchLink>
        </>
      }
    />
  );
}
