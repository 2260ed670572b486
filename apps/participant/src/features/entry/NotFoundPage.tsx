import { PageNotFound } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { PAGES, PORTAL_BASE, studyHref } from '../../app/routes';
import { useDocumentTitle, useSession } from '../../shared/hooks';
import { isLoggedIn } from '../../shared/session';
import { Shell } from '../layout/Shell';
import { translate } from '@trialpath/domain';

/** Unknown address inside a study: "Page not found" with a way back to the study's start. */
function StudyNotFound({ studyCode }: { studyCode: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  useDocumentTitle(translate('page.notFound', undefined, i18n.language));
  const href = studyHref(studyCode, isLoggedIn(session, studyCode) ? PAGES.home : PAGES.login);
  return <PageNotFound homeHref={href} homeLabel={t('notFound.goToStart')} />;
}

/** Unknown address outside any study. */
function NotFoundPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  useDocumentTitle(translate('page.notFound', undefined, i18n.language));
  const href = session ? studyHref(session.studyCode, PAGES.home) : `#${PORTAL_BASE}/`;
  return (
    <Shell title={t('app.name')}>
      <PageNotFound homeHref={href} homeLabel={t('notFound.goToStart')} />
    </Shell>
  );
}

/** Lazily loaded (not part of the first load): `which` picks the in-study or the plain variant. */
export default function NotFound({ studyCode }: { studyCode?: string }) {
  return studyCode ? <StudyNotFound studyCode={studyCode} /> : <NotFoundPage />;
}
