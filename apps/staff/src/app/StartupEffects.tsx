import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../shared/api';
import { useSignedIn } from '../shared/session';
import { useClientQuery, useFlagsQuery, useProfileQuery, useRolesQuery } from '../shared/startup';
import { storage } from '../shared/storage';

/**
 * Start-up calls and their failure toasts (000 §7.7, §8.2): client identity ("Error while getting
 * clients." when the server gives no message), feature flags (polled), and after sign-in the
 * profile and the platform and site-team roles.
 */
export function StartupEffects() {
  const { i18n } = useTranslation();
  const signedIn = useSignedIn();
  const client = useClientQuery();
  useFlagsQuery();
  const profile = useProfileQuery(signedIn);
  const platformRoles = useRolesQuery('platform', signedIn);
  const siteRoles = useRolesQuery('site', signedIn);
  const lang = i18n.language;

  useEffect(() => {
    if (client.data) storage.setClientId(client.data.id);
  }, [client.data]);

  // the platform and site-team roles are stored once loaded after sign-in.
  useEffect(() => {
    if (platformRoles.data && signedIn) storage.setRoles('platform', platformRoles.data.items);
  }, [platformRoles.data, signedIn]);
  useEffect(() => {
    if (siteRoles.data && signedIn) storage.setRoles('site', siteRoles.data.items);
  }, [siteRoles.data, signedIn]);

  // A session from an earlier page load: keep a stored user record (per-study role updates go there, A-122).
  useEffect(() => {
    if (profile.data && signedIn && !storage.getUser()) storage.setUser(profile.data);
  }, [profile.data, signedIn]);

  useEffect(() => {
    if (client.isError)
      notify(errorMessage(client.error, translate('errors.clients', undefined, lang)), { kind: 'error' });
  }, [client.isError, client.error, lang]);

  useEffect(() => {
    if (profile.isError && signedIn)
      notify(errorMessage(profile.error, translate('errors.profile', undefined, lang)), { kind: 'error' });
  }, [profile.isError, profile.error, signedIn, lang]);

  useEffect(() => {
    if (platformRoles.isError && signedIn)
      notify(errorMessage(platformRoles.error, translate('errors.userRoles', undefined, lang)), { kind: 'error' });
  }, [platformRoles.isError, platformRoles.error, signedIn, lang]);

  useEffect(() => {
    if (siteRoles.isError && signedIn)
      notify(errorMessage(siteRoles.error, translate('errors.siteTeamRoles', undefined, lang)), { kind: 'error' });
  }, [siteRoles.isError, siteRoles.error, signedIn, lang]);

  return null;
}
