import { testTwinPath } from '@trialpath/domain';
import { PageNotFound } from '@trialpath/ui';
import type { ReactElement } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import {
  forgetValidatedStudies,
  setPreviousPathSource,
  studyEntryLoader,
  studyShouldRevalidate,
} from '../features/studies/study-entry';
import { onLoggedOut } from '../shared/api';
import { lazyPage } from '../shared/lazy';
import { RouteError } from './RouteError';
import { PageLoader, RouteGuard } from './RouteGuard';
import { ROUTES, type RouteId } from './route-table';
import { Shell } from './Shell';

// Sign-in is in the first chunk; every other page loads on demand.
const LogoutPage = lazyPage(() => import('../features/auth/LogoutPage'), 'LogoutPage');
const SsoLanding = lazyPage(() => import('../features/auth/SsoLanding'), 'SsoLanding');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/PasswordTokenPage'), 'ResetPasswordPage');
const CreatePasswordPage = lazyPage(() => import('../features/auth/PasswordTokenPage'), 'CreatePasswordPage');
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordOtpPage = lazyPage(() => import('../features/auth/OtpPages'), 'ForgotPasswordOtpPage');
const ResetPasswordSendOtpPage = lazyPage(() => import('../features/auth/OtpPages'), 'ResetPasswordSendOtpPage');
const AboutYouPage = lazyPage(() => import('../features/auth/AboutYouPage'), 'AboutYouPage');
const ExpireLinkPage = lazyPage(() => import('../features/auth/SupportPages'), 'ExpireLinkPage');
const GetCreateUsernameLinkPage = lazyPage(() => import('../features/auth/SupportPages'), 'GetCreateUsernameLinkPage');
const PolicyPage = lazyPage(() => import('../features/legal/LegalPage'), 'PolicyPage');
const TermsPage = lazyPage(() => import('../features/legal/LegalPage'), 'TermsPage');
const MailboxPage = lazyPage(() => import('../features/dev/MailboxPage'), 'MailboxPage');
const StudiesPage = lazyPage(() => import('../features/studies/StudiesPage'), 'StudiesPage');
const StudyDashboardPage = lazyPage(() => import('../features/studies/StudyDashboardPage'), 'StudyDashboardPage');

/**
 * The page of each route. Cloud-identity-only routes (000 §2.7) are reached only when the client runs
 * in that authentication mode, which this server never reports (decision A-028): the guard
 * shows page-not-found before these elements are used.
 */
const ELEMENTS: Record<RouteId, ReactElement> = {
  login: <LoginPage />,
  logout: <LogoutPage />,
  sso: <SsoLanding />,
  forgotPassword: <ForgotPasswordPage />,
  forgotPasswordViaUsername: <PageNotFound homeHref="#/" />,
  forgotUsername: <PageNotFound homeHref="#/" />,
  aboutYou: <AboutYouPage />,
  resetPassword: <ResetPasswordPage />,
  createPassword: <CreatePasswordPage />,
  createPasswordAws: <PageNotFound homeHref="#/" />,
  register: <RegisterPage />,
  createUsername: <PageNotFound homeHref="#/" />,
  getCreateUsernameLink: <GetCreateUsernameLinkPage />,
  dontHaveUsername: <PageNotFound homeHref="#/" />,
  expireLink: <ExpireLinkPage />,
  // One-time-code flows: the code page of a sent challenge, and sending a code in the reset flow.
  forgotPasswordOtp: <ForgotPasswordOtpPage />,
  resetPasswordSendOtp: <ResetPasswordSendOtpPage />,
  verifyIdentity: <PageNotFound homeHref="#/" />,
  policy: <PolicyPage />,
  termsOfUse: <TermsPage />,
  completeRegistration: <PageNotFound homeHref="#/" />,
  mailbox: <MailboxPage />,
  studies: <StudiesPage />,
  studyHome: <Navigate to="dashboard" replace />,
  studyDashboard: <StudyDashboardPage />,
};

function buildRoutes(): RouteObject[] {
  const flat: RouteObject[] = [];
  const studyChildren: RouteObject[] = [];
  const base = '/studies/:studyId';
  for (const def of ROUTES) {
    if (!def.meta.study) {
      flat.push({ path: def.path, element: ELEMENTS[def.id] });
      continue;
    }
    for (const full of [def.path, testTwinPath(def.path)]) {
      const rel = full.slice(base.length).replace(/^\//, '');
      studyChildren.push(
        rel === '' ? { index: true, element: ELEMENTS[def.id] } : { path: rel, element: ELEMENTS[def.id] },
      );
    }
  }
  return [
    ...flat,
    {
      path: base,
      loader: studyEntryLoader,
      shouldRevalidate: studyShouldRevalidate,
      element: <Outlet />,
      children: studyChildren,
    },
    { path: '*', element: <PageNotFound homeHref="#/" /> },
  ];
}

function Root() {
  return (
    <Shell>
      <RouteGuard />
    </Shell>
  );
}

function RootError() {
  return (
    <Shell>
      <RouteError />
    </Shell>
  );
}

export function createAppRouter() {
  const router = createHashRouter([
    {
      element: <Root />,
      errorElement: <RootError />,
      hydrateFallbackElement: (
        <Shell>
          <PageLoader />
        </Shell>
      ),
      children: [{ errorElement: <RouteError />, children: buildRoutes() }],
    },
  ]);
  setPreviousPathSource(() => {
    if (!router.state.initialized) return null;
    const l = router.state.location;
    return `${l.pathname}${l.search}`;
  });
  onLoggedOut(forgetValidatedStudies);
  return router;
}
