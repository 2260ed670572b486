import { Alert, Anchor, Button, Center, Loader, Stack } from '@mantine/core';
import {
  type LoginResponse,
  listSsoProviders,
  type SsoTokenResponse,
  ssoCodeToToken,
  startSso,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { useSignedIn } from '../../shared/session';
import { AuthCard } from './AuthCard';
import { once, readSsoCallback, ssoRedirectTo, withoutPageQuery } from './sso-callback';
import { afterSignInPath, startSession, redirectAfterSignIn } from './session-start';
import { SignInCodeStep } from './SignInCodeStep';

/**
 * `/` is the single-sign-on login (000 §2.1; decision A-064).
 *   - Back from the provider (`?code&state` before the hash): trade them for tokens (000 §7.3), start
 *     the session exactly as the password sign-in does, go to redirectTo or the studies. While an e-mail
 *     change awaits its code, the answer is OTPVerifiedRequest: the code step comes first, as after a password.
 *   - Otherwise: one "Sign in with {name}" button per provider of the client, and the password
 *     sign-in link. No provider configured (the demo): straight to `#/login`, as before.
 */
export function SsoLanding() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const signedIn = useSignedIn();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: the address is cleaned right after.
  const [callback] = useState(() => readSsoCallback(window.location.search));
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState<Extract<SsoTokenResponse, { nextStep: 'OTPVerifiedRequest' }> | null>(null);

  useEffect(() => {
    if (!callback) return;
    window.history.replaceState(window.history.state, '', withoutPageQuery(window.location));
    if (callback.kind === 'error') {
      setError(translate('sso.idpRefused', undefined, lang));
      return;
    }
    let live = true;
    const { code, state, iss } = callback;
    once(state, () => api.call(ssoCodeToToken, { body: { code, state, ...(iss ? { iss } : {}) } })).then(
      (r: SsoTokenResponse) => {
        if (!live) return;
        if (r.nextStep === 'OTPVerifiedRequest') setCodeStep(r);
        else {
          startSession(queryClient, r.tokens, r.user);
          navigate(afterSignInPath(r.user, redirectAfterSignIn(r.redirectTo)), { replace: true });
        }
      },
      (e: unknown) => {
        if (live) setError(errorMessage(e, translate('sso.idpRefused', undefined, lang)));
      },
    );
    return () => {
      live = false;
    };
  }, [callback, lang, navigate, queryClient]);

  const providers = useEndpointQuery(
    listSsoProviders,
    {},
    { enabled: !callback && !signedIn, staleTime: 60_000, retry: false },
  );

  const passwordLink = (
    <Anchor component={Link} to={`/login${search}`} size="sm" ta="center">
      {translate('sso.usePassword', undefined, lang)}
    </Anchor>
  );

  if (codeStep) {
    const finish = (r: unknown) => {
      const { tokens, user } = r as Extract<LoginResponse, { nextStep: 'Tokens' }>;
      startSession(queryClient, tokens, user);
      navigate(afterSignInPath(user, redirectAfterSignIn(codeStep.redirectTo)), { replace: true });
    };
    return (
      <SignInCodeStep
        challenge={{ nextStep: 'OTPVerifiedRequest', challengeId: codeStep.challengeId }}
        onDone={finish}
        onBack={() => navigate('/login', { replace: true })}
      />
    );
  }

  if (callback) {
    if (!error) {
      return (
        <AuthCard title={translate('sso.signingIn', undefined, lang)}>
          <Center py="md">
            <Loader role="img" aria-label={translate('sso.signingIn', undefined, lang)} />
          </Center>
        </AuthCard>
      );
    }
    return (
      <AuthCard title={translate('sso.failedTitle', undefined, lang)}>
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          {passwordLink}
        </Stack>
      </AuthCard>
    );
  }

  if (signedIn) return <Navigate to="/studies" replace />;
  if (providers.isPending) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  if (providers.isError || providers.data.items.length === 0) return <Navigate to={`/login${search}`} replace />;

  const begin = async (providerId: string) => {
    setError(null);
    setStarting(providerId);
    try {
      const redirectTo = ssoRedirectTo(params.get('redirectTo'));
      const r = await api.call(startSso, { body: { providerId, ...(redirectTo ? { redirectTo } : {}) } });
      window.location.assign(r.authorizationUrl);
    } catch (e) {
      const m = errorMessage(e, translate('sso.providerUnavailable', undefined, lang));
      setError(m);
      notify(m, { kind: 'error' });
      setStarting(null);
    }
  };

  return (
    <AuthCard title={translate('sso.title', undefined, lang)} subtitle={translate('sso.subtitle', undefined, lang)}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {providers.data.items.map((p) => (
          <Button
            key={p.id}
            size="md"
            fullWidth
            loading={starting === p.id}
            disabled={starting !== null && starting !== p.id}
            onClick={() => void begin(p.id)}
          >
            {translate('sso.signInWith', { name: p.name }, lang)}
          </Button>
        ))}
        {passwordLink}
      </Stack>
    </AuthCard>
  );
}
