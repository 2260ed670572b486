import { PageNotFound } from '@trialpath/ui';

/** Page-not-found with the link home: the screen of a route this server does not offer (e.g. cloud-identity only). */
export function NotFoundScreen() {
  return <PageNotFound homeHref="#/" />;
}
