import { createTheme, MantineProvider } from '@mantine/core';
import { translate } from '@trialpath/domain';
import { accessibleCssVariables, OfflineNotifier } from '@trialpath/ui';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryPage } from '../features/entry/EntryPage';
import { Guard } from '../features/layout/Guard';
import { OutboxSync } from '../features/tasks/OutboxSync';
import { RouteParamsContext } from '../features/layout/route-params';
import { PageLoader, StudyLayout } from '../features/layout/StudyLayout';
import { useSession } from '../shared/hooks';
import { CHOICE_CSS, LAYOUT_CSS, SKIP_LINK_CSS } from './layout-css';
import { ChunkErrorBoundary, lazyPage } from './lazy';
import { Redirect, segmentsOf, usePath } from './router';
import { PAGES, type Page, resolveRoute, studyIndexTarget } from './routes';
import { ToastHostLazy } from './ToastHostLazy';

// One chunk for both legal pages: the page reads which text from the address.
const legalPage = lazyPage(() => import('../features/legal/LegalPage'));

// Joining (eligibility, then the form) and an invitation's register/{token} are one page.
const enrolPage = lazyPage(() => import('../features/enrol/EnrolPage'));
const documentsPage = lazyPage(() => import('../features/documents/StudyDocumentsPage'));

const PAGE_COMPONENTS: Record<Page, ReturnType<typeof lazyPage>> = {
  [PAGES.language]: lazyPage(() => import('../features/language/LanguagePage')),
  [PAGES.login]: lazyPage(() => import('../features/auth/LoginPage')),
  [PAGES.forgotUsername]: lazyPage(() => import('../features/auth/ForgotUsernamePage')),
  [PAGES.forgotPassword]: lazyPage(() => import('../features/auth/ForgotPasswordPage')),
  [PAGES.resetPassword]: lazyPage(() => import('../features/auth/ResetPasswordPage')),
  [PAGES.changePassword]: lazyPage(() => import('../features/auth/ChangePasswordPage')),
  [PAGES.home]: lazyPage(() => import('../features/home/HomePage')),
  [PAGES.privacy]: legalPage,
  [PAGES.terms]: legalPage,
  [PAGES.join]: enrolPage,
  [PAGES.register]: enrolPage,
  [PAGES.verify]: lazyPage(() => import('../features/enrol/VerifyPage')),
  [PAGES.verifyLink]: lazyPage(() => import('../features/enrol/VerifyLinkPage')),
  [PAGES.tasks]: lazyPage(() => import('../features/tasks/AllTasksPage')),
  [PAGES.task]: lazyPage(() => import('../features/tasks/TaskPage')),
  [PAGES.notifications]: lazyPage(() => import('../features/notifications/NotificationsPage')),
  [PAGES.consent]: lazyPage(() => import('../features/consent/ConsentPage')),
  [PAGES.overview]: documentsPage,
  [PAGES.documents]: documentsPage,
  [PAGES.site]: lazyPage(() => import('../features/site/SitePage')),
  [PAGES.recordLinkage]: lazyPage(() => import('../features/record-linkage/RecordLinkagePage')),
  [PAGES.signing]: lazyPage(() => import('../features/signing/SigningPage')),
  [PAGES.messages]: lazyPage(() => import('../features/messages/MessagesPage')),
  [PAGES.healthRecord]: lazyPage(() => import('../features/ehr/HealthRecordPage')),
  [PAGES.appointments]: lazyPage(() => import('../features/telehealth/AppointmentsPage')),
};

const NotFound = lazy(() => import('../features/entry/NotFoundPage'));
// The e-mailed links of 000 §2.1 find their study, then open its page (decision D-025).
const LinkLanding = lazy(() => import('../features/enrol/LinkLanding'));

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white text on buttons and teal links on white above 4.5:1 (WCAG AA).
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/** Keeps <html lang> and the connectivity toasts in the current language. */
export function LanguageEffects() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <OfflineNotifier
      offlineText={translate('network.offlineParticipant', undefined, lang)}
      onlineText={translate('network.onlineParticipant', undefined, lang)}
    />
  );
}

function Routes() {
  const path = usePath();
  const session = useSession();
  // A new screen starts at the top.
  useEffect(() => {
    if (path) window.scrollTo(0, 0);
  }, [path]);
  const route = resolveRoute(segmentsOf(path));
  let view: ReactNode;
  switch (route.kind) {
    case 'entry':
      view = <EntryPage />;
      break;
    case 'notFound':
      view = (
        <Suspense fallback={null}>
          <NotFound />
        </Suspense>
      );
      break;
    case 'link':
      view = (
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <LinkLanding segments={route.segments} />
          </Suspense>
        </ChunkErrorBoundary>
      );
      break;
    case 'studyIndex':
      view = <Redirect to={studyIndexTarget(route.studyCode, session)} />;
      break;
    case 'studyNotFound':
      view = (
        <StudyLayout studyCode={route.studyCode}>
          <Suspense fallback={<PageLoader />}>
            <NotFound studyCode={route.studyCode} />
          </Suspense>
        </StudyLayout>
      );
      break;
    case 'study': {
      const Page = PAGE_COMPONENTS[route.page];
      view = (
        <StudyLayout studyCode={route.studyCode} page={route.page}>
          <Guard page={route.page} studyCode={route.studyCode}>
            <RouteParamsContext.Provider value={route.params}>
              <ChunkErrorBoundary>
                <Suspense fallback={<PageLoader />}>
                  <Page />
                </Suspense>
              </ChunkErrorBoundary>
            </RouteParamsContext.Provider>
          </Guard>
        </StudyLayout>
      );
      break;
    }
  }
  return view;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={accessibleCssVariables}>
      <style>{LAYOUT_CSS + SKIP_LINK_CSS + CHOICE_CSS}</style>
      <ToastHostLazy />
      <LanguageEffects />
      <OutboxSync />
      <Routes />
    </MantineProvider>
  );
}
