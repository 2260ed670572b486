/**
 * Authorities read from the access token (000 §6; A-118): the portal decodes the JWT payload (no
 * signature check — the server checks every call) and, on a study page, uses that study's token.
 * The per-study role comes from the instant user's userStudies; when it differs from the
 * stored user, the stored user is updated with userRole, readOnly and realmOfPermission.
 */
import { splitRealmRole } from '@trialpath/domain';

export interface TokenClaims {
  sub?: string;
  id?: string;
  studyId?: string | null;
  authorities: string[];
  exp?: number;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT, or null when the token is not a readable JWT. */
export function decodeTokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (!payload || typeof payload !== 'object') return null;
    const authorities = Array.isArray(payload.authorities)
      ? payload.authorities.filter((a): a is string => typeof a === 'string')
      : [];
    return {
      sub: typeof payload.sub === 'string' ? payload.sub : undefined,
      id: typeof payload.id === 'string' ? payload.id : undefined,
      studyId: typeof payload.studyId === 'string' ? payload.studyId : null,
      authorities,
      exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    };
  } catch {
    return null;
  }
}

/** The authorities a page works with: the study token's on a study page (when held), else the general token's. */
export function authoritiesFor(
  studyId: string | null,
  tokens: { getToken(): string | null; getStudyToken(studyId: string): { token: string } | null },
): string[] {
  const token = (studyId && tokens.getStudyToken(studyId)?.token) || tokens.getToken();
  return decodeTokenClaims(token)?.authorities ?? [];
}

export interface StoredUserRole {
  userRole: string;
  readOnly?: boolean;
  realmOfPermission: string | null;
}

export interface UserStudyRole {
  studyId: string;
  userRole: string;
  readOnly: boolean;
}

/**
 * the stored user updated with the per-study role (userRole, readOnly, realmOfPermission),
 * or null when nothing differs (or the user has no assignment in that study).
 */
export function userForStudy<U extends StoredUserRole>(
  stored: U,
  userStudies: readonly UserStudyRole[],
  studyId: string,
): U | null {
  const entry = userStudies.find((s) => s.studyId === studyId);
  if (!entry) return null;
  const { realm, role } = splitRealmRole(entry.userRole);
  const realmOfPermission = realm ?? stored.realmOfPermission ?? null;
  if (
    stored.userRole === role &&
    (stored.readOnly ?? false) === entry.readOnly &&
    stored.realmOfPermission === realmOfPermission
  )
    return null;
  return { ...stored, userRole: role, readOnly: entry.readOnly, realmOfPermission };
}
