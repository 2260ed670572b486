/**
 * Access tokens (JWT HS256, 15 min) and opaque secrets (refresh, reset, invitation tokens).
 * docs/decisions/0004-token-model.md.
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  id: string;
  pId: string | null;
  studyId: string | null;
  authorities: string[];
  typ: 'staff' | 'participant';
  /** Session (one sign-in): logout revokes every refresh token of it. */
  sid: string;
  /** Staff: users.token_version at issue time (global sign-out bumps it). */
  tv?: number;
  /** Participant: the environment the participant lives in. */
  env?: 'LIVE' | 'TEST';
  exp: number;
}

export async function signAccessToken(
  claims: Omit<AccessClaims, 'exp'>,
  secret: Uint8Array,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setIssuer('trialpath')
    .sign(secret);
}

export type VerifyOutcome =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'expired'; claims: Partial<AccessClaims> }
  | { ok: false; reason: 'invalid' };

export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifyOutcome> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: 'trialpath' });
    if (typeof payload.sub !== 'string' || (payload.typ !== 'staff' && payload.typ !== 'participant')) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: payload as unknown as AccessClaims };
  } catch (e) {
    // jose checks the signature before the claims, so an expired token's payload is genuine.
    if (e instanceof errors.JWTExpired)
      return { ok: false, reason: 'expired', claims: e.payload as Partial<AccessClaims> };
    return { ok: false, reason: 'invalid' };
  }
}

/** 32 random bytes, base64url: refresh, reset and invitation tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export { sha256 } from '../../kernel/hash';
