/**
 * OpenID Connect single sign-on for staff (spec 000 §2.1 route `/`, §7.3 "Single-sign-on code to
 * token"; docs/decisions/A-064-single-sign-on.md).
 *
 *   start:  discovery → authorization URL with state, nonce and PKCE S256; the state is stored only
 *           as its sha256, with the nonce, the code verifier and the in-app redirectTo (10 minutes).
 *   token:  the state is looked up and consumed (single use, kept even when the request fails), the
 *           code is traded with openid-client's authorizationCodeGrant (state, nonce, PKCE and ID-token
 *           checks), the verified e-mail is matched to ONE active staff account of the provider's
 *           client, the subject ↔ account link is recorded (audited), and the password sign-in's
 *           token service issues the session — unless the account awaits its e-mail re-verification
 *           (otp_verified false, A-063 / A-071): then, exactly as after a password, the 'otp-verified'
 *           code goes to the pending (else current) address and the answer is OTPVerifiedRequest;
 *           the sign-in ends at verifyTwoFactor (POST /auth/mfa/verify), which issues the tokens.
 *
 * No account is ever created here: invitation stays the way accounts are made.
 */
import { isLocked, minutesRemaining } from '@trialpath/domain';
import * as oidc from 'openid-client';
import type { ServiceCtx } from '../../kernel/context';
import { fail, keepChanges } from '../../kernel/errors';
import { issueGeneralTokens, otpVerifiedChallenge } from '../auth/sign-in.service';
import { sha256 } from '../../kernel/hash';
import { currentClient } from '../clients/clients.service';
import { clientUsersByEmail, toStaffUser } from '../users/users.service';
import {
  deleteStaleLoginStates,
  findIdentity,
  findIdentityOfUser,
  findLoginStateForUpdate,
  findProvider,
  insertIdentity,
  insertLoginState,
  listEnabledProviders,
  markLoginStateUsed,
  type SsoProviderRow,
  touchIdentity,
} from './sso.repository';
import { isNetworkFailure, providerConfiguration, type Reason, ssoFail, ssoRedirectUri } from './sso-discovery';

const SSO_STATE_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

export async function listProviders(ctx: ServiceCtx) {
  const client = await currentClient(ctx);
  const rows = await listEnabledProviders(ctx.db, client.id);
  return { items: rows.map((r) => ({ id: r.id, name: r.name })) };
}

async function usableProvider(ctx: ServiceCtx, providerId: string): Promise<SsoProviderRow | null> {
  const p = await findProvider(ctx.db, providerId);
  if (!p?.enabled) return null;
  const client = await currentClient(ctx);
  return p.client_id === client.id ? p : null;
}

export async function start(ctx: ServiceCtx, body: { providerId: string; redirectTo?: string }) {
  const { db, config } = ctx;
  const provider = await usableProvider(ctx, body.providerId);
  if (!provider) throw ssoFail('SSO_PROVIDER_NOT_FOUND');
  const oidcConfig = await providerConfiguration(provider);

  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(oidcConfig, {
    redirect_uri: ssoRedirectUri(config),
    response_type: 'code',
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });

  await deleteStaleLoginStates(db, new Date(Date.now() - 24 * 60 * 60_000));
  await insertLoginState(db, {
    stateHash: sha256(state),
    nonce,
    codeVerifier,
    providerId: provider.id,
    redirectTo: body.redirectTo ?? null,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
  });
  ctx.audit({ action: 'auth.sso.start', entityType: 'sso_provider', entityId: provider.id });
  return { authorizationUrl: url.href };
}

interface VerifiedIdentity {
  subject: string;
  email: string;
}

/** The ID token's claims, completed from the userinfo endpoint when the e-mail is not in the ID token. */
async function identityOf(
  oidcConfig: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<{ subject: string; email: string | null; emailVerified: boolean }> {
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let verified = claims.email_verified === true;
  if (!email && tokens.access_token) {
    const info = await oidc.fetchUserInfo(oidcConfig, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : null;
    verified = info.email_verified === true;
  }
  return { subject: claims.sub, email, emailVerified: verified };
}

export async function codeToToken(ctx: ServiceCtx, body: { code: string; state: string; iss?: string }) {
  const { db, config } = ctx;
  const failed = (reason: Reason, after: Record<string, unknown> = {}, entityId: string | null = null) => {
    ctx.audit({
      action: 'auth.sso.failed',
      entityType: entityId ? 'user' : 'sso_provider',
      entityId,
      ...(entityId ? { actor: { type: 'staff' as const, id: entityId } } : {}),
      after: { reason, ...after },
    });
    return keepChanges(ssoFail(reason));
  };

  const stateHash = sha256(body.state);
  const row = await findLoginStateForUpdate(db, stateHash);
  if (!row) throw failed('SSO_STATE_INVALID');
  if (row.used_at) throw failed('SSO_STATE_USED', { providerId: row.provider_id });
  // Consumed now: whatever happens next, this state cannot be presented again.
  await markLoginStateUsed(db, stateHash);
  if (row.expires_at.getTime() <= Date.now()) throw failed('SSO_STATE_EXPIRED', { providerId: row.provider_id });

  const provider = await usableProvider(ctx, row.provider_id);
  if (!provider) throw failed('SSO_PROVIDER_NOT_FOUND', { providerId: row.provider_id });
  const providerRef = { providerId: provider.id };
  let oidcConfig: oidc.Configuration;
  try {
    oidcConfig = await providerConfiguration(provider);
  } catch {
    throw failed('SSO_PROVIDER_UNAVAILABLE', providerRef);
  }

  const callback = new URL(ssoRedirectUri(config));
  callback.searchParams.set('code', body.code);
  callback.searchParams.set('state', body.state);
  if (body.iss !== undefined) callback.searchParams.set('iss', body.iss);

  let found: { subject: string; email: string | null; emailVerified: boolean };
  try {
    const tokens = await oidc.authorizationCodeGrant(oidcConfig, callback, {
      expectedState: body.state,
      expectedNonce: row.nonce,
      pkceCodeVerifier: row.code_verifier,
      idTokenExpected: true,
    });
    found = await identityOf(oidcConfig, tokens);
  } catch (e) {
    if (isNetworkFailure(e)) throw failed('SSO_PROVIDER_UNAVAILABLE', providerRef);
    const detail =
      e instanceof oidc.ResponseBodyError || e instanceof oidc.AuthorizationResponseError
        ? e.error
        : e instanceof oidc.ClientError
          ? String(e.code ?? 'client_error')
          : 'invalid_response';
    throw failed('SSO_IDP_REFUSED', { ...providerRef, error: detail });
  }

  if (!found.email || !found.emailVerified) {
    throw failed('SSO_EMAIL_NOT_VERIFIED', { ...providerRef, subject: found.subject });
  }
  const identity: VerifiedIdentity = { subject: found.subject, email: found.email };
  const who = { ...providerRef, subject: identity.subject, email: identity.email };

  const accounts = await clientUsersByEmail(ctx, provider.client_id, identity.email);
  const active = accounts.filter((u) => u.status === 'ACTIVE');
  if (active.length === 0) {
    // Same answers as the password sign-in for accounts that exist but cannot sign in.
    const invited = accounts.find((u) => u.status === 'INVITED');
    if (invited) {
      ctx.audit({
        action: 'auth.sso.failed',
        entityType: 'user',
        entityId: invited.id,
        actor: { type: 'staff' as const, id: invited.id },
        after: { reason: 'NOT_VERIFIED', ...who },
      });
      throw keepChanges(fail('NOT_VERIFIED'));
    }
    const deactivated = accounts.find((u) => u.status === 'DEACTIVATED');
    if (deactivated) {
      ctx.audit({
        action: 'auth.sso.failed',
        entityType: 'user',
        entityId: deactivated.id,
        actor: { type: 'staff' as const, id: deactivated.id },
        after: { reason: 'ACCOUNT_INACTIVE', ...who },
      });
      throw keepChanges(fail('ACCOUNT_INACTIVE'));
    }
    throw failed('SSO_NO_ACCOUNT', who);
  }
  if (active.length > 1) throw failed('SSO_AMBIGUOUS_ACCOUNT', who);
  const user = active[0]!;

  // The subject ↔ account link: made once, and afterwards both must still agree.
  const link = await findIdentity(db, provider.id, identity.subject);
  if (link && link.user_id !== user.id) throw failed('SSO_LINK_MISMATCH', who, user.id);
  if (!link && (await findIdentityOfUser(db, provider.id, user.id))) {
    throw failed('SSO_LINK_MISMATCH', who, user.id);
  }

  const now = new Date();
  const lock = { failedAttempts: user.failed_attempts, lockedUntil: user.locked_until };
  if (isLocked(lock, now)) {
    ctx.audit({
      action: 'auth.login.locked',
      entityType: 'user',
      entityId: user.id,
      actor: { type: 'staff' as const, id: user.id },
      after: { method: 'sso', ...providerRef },
    });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(lock, now) }));
  }

  const actor = { type: 'staff' as const, id: user.id };
  if (!link) {
    await insertIdentity(db, provider.id, identity.subject, user.id);
    ctx.audit({
      action: 'auth.sso.link',
      entityType: 'user',
      entityId: user.id,
      actor,
      after: { ...providerRef, providerName: provider.name, subject: identity.subject, email: identity.email },
    });
  } else {
    await touchIdentity(db, provider.id, identity.subject);
  }
  // The provider vouches for the current address only: a pending e-mail change still needs its code.
  if (!user.otp_verified) {
    return {
      ...(await otpVerifiedChallenge(ctx, user, { method: 'sso', ...providerRef })),
      redirectTo: row.redirect_to,
    };
  }
  ctx.audit({
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor,
    after: { method: 'sso', ...providerRef },
  });

  return {
    nextStep: 'Tokens' as const,
    tokens: await issueGeneralTokens(ctx, user),
    user: toStaffUser(user),
    redirectTo: row.redirect_to,
  };
}

/** Whether an address is this machine's (http allowed for it only): shared with the EHR link (decision H-epic-mychart). */
export { isLoopbackHost } from './sso-discovery';
