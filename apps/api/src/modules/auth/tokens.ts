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

/**
 * Tokens whose signature and claims were verified, per secret: a participant's portal sends the same token with
 * every request for 15 minutes, and checking its HMAC again each time cost more than the rest of the guard. A
 * token found here is the same string that was verified, so only its expiry is checked again (as jose does).
 */
const verified = new WeakMap<Uint8Array, Map<string, AccessClaims>>();
const VERIFIED_MAX = 10_000;

function remember(secret: Uint8Array, token: string, claims: AccessClaims) {
  let kept = verified.get(secret);
  if (!kept) {
    kept = new Map();
    verified.set(secret, kept);
  }
  if (kept.size >= VERIFIED_MAX) kept.delete(kept.keys().next().value as string);
  kept.set(token, claims);
}

export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifyOutcome> {
  const known = verified.get(secret)?.get(token);
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000)) return { ok: true, claims: known };
    verified.get(secret)?.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: 'trialpath' });
    if (typeof payload.sub !== 'string' || (payload.typ !== 'staff' && payload.typ !== 'participant')) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = payload as unknown as AccessClaims;
    remember(secret, token, claims);
    return { ok: true, claims };
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
