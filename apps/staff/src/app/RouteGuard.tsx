import { Center, Loader } from '@mantine/core';
import { PageNotFound } from '@trialpath/ui';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '../shared/session';
import { useClientQuery, useFlagsQuery, useProfileQuery } from '../shared/startup';
import { decideNavigation } from './guard';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-live="polite">
      {/* A name on a plain span is not allowed (ARIA); on an image it is, and the status region reads it. */}
      <Loader role="img" aria-label={t('app.loading')} />
    </Center>
  );
}

/** Applies the navigation guard's decision to the current route (000 §2.7). */
export function RouteGuard() {
  const location = useLocation();
  const signedIn = useSignedIn();
  const client = useClientQuery();
  const flags = useFlagsQuery();
  const profile = useProfileQuery(signedIn);

  // Whether an earlier route of this page load exists (then no redirectTo is added).
  const firstKey = useRef(location.key);
  const hasPreviousRoute = location.key !== firstKey.current;

  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    pageSearch: window.location.search,
    hasToken: signedIn,
    hasPreviousRoute,
    // A failed client call behaves like a client without the optional modes (the failure is toasted).
    client:
      client.data ??
      (client.isError ? { isCognitoAuthentication: false, supportDeskUrl: null, demoMode: false } : null),
    flags: flags.data ?? (flags.isError ? { customerId: '', flags: {} } : null),
    profile: profile.data
      ? { userId: profile.data.id, completed: profile.data.profileCompleted }
      : signedIn && !profile.isError
        ? null
        : undefined,
  });

  useEffect(() => {
    if (decision.kind === 'external') window.location.assign(decision.href);
  }, [decision]);

  switch (decision.kind) {
    case 'wait':
    case 'external':
      return <PageLoader />;
    case 'not-found':
      return <PageNotFound homeHref="#/" />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      );
  }
}
