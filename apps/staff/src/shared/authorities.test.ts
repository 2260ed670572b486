import { describe, expect, it } from 'vitest';
import { authoritiesFor, decodeTokenClaims, userForStudy } from './authorities';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';

/** An unsigned test JWT with these claims (the portal never checks signatures). */
function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

describe('authorities from the access token (A-118)', () => {
  it('decodes the claims of a JWT, base64url with non-ASCII text', () => {
    const token = jwt({
      sub: 'u1',
      id: 'u1',
      studyId: null,
      authorities: ['SystemAdmin', 'acme:Pi'],
      exp: 9,
      n: 'Ñandú',
    });
    expect(decodeTokenClaims(token)).toEqual({
      sub: 'u1',
      id: 'u1',
      studyId: null,
      authorities: ['SystemAdmin', 'acme:Pi'],
      exp: 9,
    });
  });

  it('returns null for anything that is not a readable JWT', () => {
    expect(decodeTokenClaims(null)).toBeNull();
    expect(decodeTokenClaims('opaque-refresh-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.c')).toBeNull();
    expect(decodeTokenClaims(`x.${Buffer.from('not json').toString('base64url')}.y`)).toBeNull();
  });

  it('uses the study token on a study page and the general token elsewhere', () => {
    const tokens = {
      getToken: () => jwt({ authorities: ['StudyCoordinator'] }),
      getStudyToken: (id: string) => (id === S ? { token: jwt({ studyId: S, authorities: ['Cra'] }) } : null),
    };
    expect(authoritiesFor(S, tokens)).toEqual(['Cra']);
    expect(authoritiesFor(null, tokens)).toEqual(['StudyCoordinator']);
    expect(authoritiesFor('other-study', tokens)).toEqual(['StudyCoordinator']);
    expect(authoritiesFor(S, { getToken: () => null, getStudyToken: () => null })).toEqual([]);
  });
});

describe('stored user per study (A-121, A-122)', () => {
  const stored = { id: 'u1', name: 'Clara', userRole: 'StudyCoordinator', realmOfPermission: null };
  const studies = [
    { studyId: S, userRole: 'Cra', readOnly: true },
    { studyId: 'same', userRole: 'StudyCoordinator', readOnly: false },
    { studyId: 'realm', userRole: 'acme:Pi', readOnly: false },
  ];

  it('takes userRole and readOnly from the study entry when they differ, keeping the rest', () => {
    expect(userForStudy(stored, studies, S)).toEqual({
      ...stored,
      userRole: 'Cra',
      readOnly: true,
      realmOfPermission: null,
    });
  });

  it('takes the realm of a realm-prefixed per-study role as realmOfPermission', () => {
    expect(userForStudy(stored, studies, 'realm')).toMatchObject({ userRole: 'Pi', realmOfPermission: 'acme' });
  });

  it('changes nothing when the role is the same or the study is not assigned', () => {
    expect(userForStudy(stored, studies, 'same')).toBeNull();
    expect(userForStudy(stored, studies, 'unknown')).toBeNull();
    const already = { ...stored, userRole: 'Cra', readOnly: true };
    expect(userForStudy(already, studies, S)).toBeNull();
  });
});
