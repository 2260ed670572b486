import { Navigate, useLocation } from 'react-router';
import { useSignedIn } from '../../shared/session';

/**
 * `/` is the single-sign-on entry (000 §2.1). No single-sign-on provider is configured for a client
 * in this release, so it goes to the studies when signed in and to the password sign-in otherwise.
 */
export function SsoLanding() {
  const signedIn = useSignedIn();
  const { search } = useLocation();
  return <Navigate to={signedIn ? '/studies' : `/login${search}`} replace />;
}
