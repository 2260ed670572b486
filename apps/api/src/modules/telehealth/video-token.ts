/**
 * The video-auth token of a call (A-149, decision A-149-video-auth-token): a short-lived JWT of its own type,
 * for one person in one call, presented only as the first message of the signalling WebSocket. The access-token
 * check refuses it (its `typ` is neither staff nor participant), and it is refused here unless it is a video one.
 */
import { VIDEO_TOKEN_SECONDS } from '@trialpath/domain';
import { jwtVerify, SignJWT } from 'jose';

export interface VideoClaims {
  callId: string;
  peerId: string;
  kind: 'staff' | 'participant';
  name: string;
}

const AUDIENCE = 'trialpath-call';

export function signVideoToken(claims: VideoClaims, secret: Uint8Array, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...claims, typ: 'video' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.peerId)
    .setAudience(AUDIENCE)
    .setIssuer('trialpath')
    .setIssuedAt(iat)
    .setExpirationTime(iat + VIDEO_TOKEN_SECONDS)
    .sign(secret);
}

/** The token's claims, or null when it is not a valid, unexpired video token. */
export async function verifyVideoToken(token: string, secret: Uint8Array): Promise<VideoClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'trialpath',
      audience: AUDIENCE,
    });
    const { typ, callId, peerId, kind, name } = payload as Record<string, unknown>;
    if (typ !== 'video' || typeof callId !== 'string' || typeof peerId !== 'string') return null;
    if ((kind !== 'staff' && kind !== 'participant') || typeof name !== 'string') return null;
    return { callId, peerId, kind, name };
  } catch {
    return null;
  }
}
