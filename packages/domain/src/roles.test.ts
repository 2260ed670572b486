import { describe, expect, it } from 'vitest';
import {
  ROLES,
  ROLE_DEFINITIONS,
  ROLE_TYPES,
  SITE_LEVEL_ROLES,
  SPECIAL_TEN_ROLES,
  TEAM_SCOPES,
  REALM_SEPARATOR,
  baseRole,
  canEditUser,
  canSeeParticipantIdentity,
  getRoleDefinition,
  isRoleName,
  joinRealmRole,
  roleMatches,
  roleMatchesAny,
  roleTitle,
  rolesForList,
  splitRealmRole,
} from './roles';

describe('roles', () => {
  it('lists the 21 roles of spec 000 §6 in order', () => {
    expect(ROLES).toEqual([
      'StudyAdmin',
      'SystemAdmin',
      'Sponsor',
      'SubPi',
      'StudyCoordinator',
      'Biostatistics',
      'Pi',
      'Cra',
      'CraUB',
      'Dm',
      'Quality',
      'HomeHealth',
      'HomeHealthCoordinator',
      'SiteDataLock',
      'StudyManager',
      'Interviewer',
      'Rater',
      'Pharmacovigilance',
      'CallCenter',
      'Support',
      'Translations',
    ]);
    expect(Object.keys(ROLE_DEFINITIONS)).toHaveLength(21);
  });

  it.each([
    ['SystemAdmin', 'Platform Admin'],
    ['SubPi', 'Sub-Investigator'],
    ['Pi', 'Principal Investigator'],
    ['Cra', 'CRA (blinded)'],
    ['CraUB', 'CRA (unblinded)'],
    ['Dm', 'Data Management'],
  ] as const)('%s is displayed as %s', (role, title) => {
    expect(ROLE_DEFINITIONS[role].title).toBe(title);
    expect(roleTitle(`acme:${role}`)).toBe(title);
  });

  it('shows an unknown role as given', () => {
    expect(roleTitle('Nobody')).toBe('Nobody');
  });

  it('has the scopes and types of the spec', () => {
    expect(TEAM_SCOPES).toEqual(['ADMIN', 'SITE_TEAM', 'STUDY_TEAM', 'all']);
    expect(ROLE_TYPES).toEqual(['admin', 'study team', 'site team']);
    expect(SITE_LEVEL_ROLES).toEqual([
      'Pi',
      'SubPi',
      'SiteDataLock',
      'StudyCoordinator',
      'HomeHealth',
      'Rater',
      'CallCenter',
    ]);
  });

  it.each(ROLES.map((r) => [r]))('%s has a consistent type, scope and blinding', (role) => {
    const def = ROLE_DEFINITIONS[role];
    const site = (SITE_LEVEL_ROLES as readonly string[]).includes(role);
    expect(def.name).toBe(role);
    expect(def.scope).toBe(site ? 'site' : 'platform');
    expect(def.typeOfRole).toBe(
      site ? 'site team' : ['SystemAdmin', 'Support'].includes(role) ? 'admin' : 'study team',
    );
    if (site) expect(def.blinded).toBe(true); // site-level roles are the blinded set
  });

  it('blinds Cra and unblinds CraUB', () => {
    expect(ROLE_DEFINITIONS.Cra.blinded).toBe(true);
    expect(ROLE_DEFINITIONS.CraUB.blinded).toBe(false);
  });

  it.each([
    ['Pi', { realm: null, role: 'Pi' }],
    ['acme:Pi', { realm: 'acme', role: 'Pi' }],
    [' acme : Pi ', { realm: 'acme', role: 'Pi' }],
    [':Pi', { realm: null, role: 'Pi' }],
    ['a:b:Pi', { realm: 'a:b', role: 'Pi' }],
    ['', { realm: null, role: '' }],
  ])('splitRealmRole(%j)', (input, expected) => {
    expect(splitRealmRole(input)).toEqual(expected);
  });

  it('joins realm and role with ":"', () => {
    expect(REALM_SEPARATOR).toBe(':');
    expect(joinRealmRole('acme', 'Pi')).toBe('acme:Pi');
    expect(joinRealmRole(null, 'Pi')).toBe('Pi');
  });

  it.each([
    ['Pi', 'Pi', true],
    ['acme:Pi', 'Pi', true],
    ['acme:SubPi', 'Pi', false],
    ['PiX', 'Pi', false],
    ['pi', 'Pi', false],
    [':Pi', 'Pi', false],
  ] as const)('roleMatches(%j, %j) = %s', (actual, expected, result) => {
    expect(roleMatches(actual, expected)).toBe(result);
  });

  it('roleMatches refuses non-strings', () => {
    expect(roleMatches(undefined as unknown as string, 'Pi')).toBe(false);
    expect(roleMatchesAny('x:Rater', ['Pi', 'Rater'])).toBe(true);
  });

  it.each([
    [{ actorRoleType: 'site team', targetRoleType: 'admin', realmMode: true }, false],
    [{ actorRoleType: 'site team', targetRoleType: 'study team', realmMode: true }, false],
    [{ actorRoleType: 'site team', targetRoleType: 'site team', realmMode: true }, true],
    [{ actorRoleType: 'study team', targetRoleType: 'admin', realmMode: true }, true],
    [{ actorRoleType: 'admin', targetRoleType: 'study team', realmMode: true }, true],
    [{ actorRoleType: null, targetRoleType: 'admin', realmMode: true }, false],
    [{ actorRoleType: 'site team', targetRoleType: 'admin', realmMode: false }, true],
  ])('canEditUser(%j) = %s', (input, expected) => {
    expect(canEditUser(input)).toBe(expected);
  });

  it('offers only admin and study-team roles in non-site lists', () => {
    const platform = rolesForList('platform');
    expect(platform.every((r) => r.typeOfRole !== 'site team')).toBe(true);
    expect(platform).toHaveLength(14);
    expect(rolesForList('site').map((r) => r.name)).toEqual([
      'SubPi',
      'StudyCoordinator',
      'Pi',
      'HomeHealth',
      'SiteDataLock',
      'Rater',
      'CallCenter',
    ]);
    const stored = [
      { id: 1, typeOfRole: 'admin' },
      { id: 2, typeOfRole: 'site team' },
      { id: 3, typeOfRole: 'study team' },
    ];
    expect(rolesForList('platform', stored).map((r) => r.id)).toEqual([1, 3]);
    expect(rolesForList('site', stored).map((r) => r.id)).toEqual([2]);
  });

  it('has ten special roles that may see participant identity', () => {
    expect(SPECIAL_TEN_ROLES).toHaveLength(10);
    expect(new Set(SPECIAL_TEN_ROLES).size).toBe(10);
    expect(canSeeParticipantIdentity('acme:Pi')).toBe(true);
    expect(canSeeParticipantIdentity('Cra')).toBe(false);
  });

  it('recognises role names', () => {
    expect(isRoleName('Pi')).toBe(true);
    expect(isRoleName('pi')).toBe(false);
    expect(baseRole('x:Dm')).toBe('Dm');
    expect(baseRole(42)).toBeNull();
    expect(baseRole('x:Nope')).toBeNull();
    expect(getRoleDefinition('Nope')).toBeUndefined();
  });
});
