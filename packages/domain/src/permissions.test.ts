import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  ACTION_DESCRIPTIONS,
  PERMISSIONS,
  can,
  canAdministerRoles,
  effectivePermissions,
  isAction,
  permissionsOf,
} from './permissions';
import { ROLES, SPECIAL_TEN_ROLES, TELEHEALTH_ROLES } from './roles';

describe('permissions', () => {
  it('covers every role and describes every action', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const a of ACTIONS) expect(ACTION_DESCRIPTIONS[a]).toBeTruthy();
  });

  it.each([
    ['SystemAdmin', 'users.manage', true],
    ['SystemAdmin', 'flags.manage', true],
    ['SystemAdmin', 'responses.enter', false],
    ['SystemAdmin', 'participants.identify', false],
    ['Cra', 'responses.view', true],
    ['Cra', 'queries.raise', true],
    ['Cra', 'responses.enter', false],
    ['Cra', 'participants.manage', false],
    ['CraUB', 'queries.raise', true],
    ['Pi', 'responses.enter', true],
    ['Pi', 'responses.sign', true],
    ['SubPi', 'responses.sign', true],
    ['StudyCoordinator', 'responses.sign', false],
    ['Translations', 'translations.manage', true],
    ['Translations', 'participants.view', false],
    ['CallCenter', 'telehealth.call', true],
    ['CallCenter', 'participants.view', true],
    ['CallCenter', 'responses.view', false],
    ['Rater', 'telehealth.call', false],
    ['Dm', 'data.lock', true],
    ['Sponsor', 'participants.view', false],
    ['Support', 'users.unlock', true],
    ['Support', 'users.manage', false],
    ['acme:Pi', 'responses.enter', true],
    ['Unknown', 'studies.list', false],
    ['', 'studies.list', false],
    [null, 'studies.list', false],
  ] as const)('can(%j, %j) = %s', (role, action, expected) => {
    expect(can(role, action)).toBe(expected);
  });

  it('refuses unknown actions', () => {
    expect(can('SystemAdmin', 'nope' as never)).toBe(false);
    expect(isAction('studies.view')).toBe(true);
    expect(isAction(3)).toBe(false);
  });

  it('grants participants.identify to exactly the ten special roles', () => {
    const identify = ROLES.filter((r) => can(r, 'participants.identify'));
    expect(identify.sort()).toEqual([...SPECIAL_TEN_ROLES].sort());
  });

  it('grants telehealth.call to exactly the telehealth roles', () => {
    expect(ROLES.filter((r) => can(r, 'telehealth.call')).sort()).toEqual([...TELEHEALTH_ROLES].sort());
  });

  it('lists permissions in ACTIONS order', () => {
    for (const r of ROLES) {
      const idx = PERMISSIONS[r].map((a) => ACTIONS.indexOf(a));
      expect(idx).toEqual([...idx].sort((x, y) => x - y));
    }
    expect(permissionsOf('x:Translations')).toEqual(['studies.list', 'translations.manage']);
    expect(permissionsOf('nobody')).toEqual([]);
  });

  it.each([
    [{ role: 'Cra' }, PERMISSIONS.Cra],
    [{ role: 'Cra', configurableRolesAndPermissions: true }, PERMISSIONS.Cra],
    [
      {
        role: 'Cra',
        configurableRolesAndPermissions: true,
        configuredRolePermissions: ['studies.view', 'bogus', 'studies.list'],
      },
      ['studies.list', 'studies.view'],
    ],
    [{ role: 'Cra', configuredRolePermissions: ['studies.view'] }, PERMISSIONS.Cra],
    [
      {
        role: 'Translations',
        rbacUserPermissions: true,
        userGrants: ['studies.view', 'x'],
        userRevocations: ['studies.list'],
      },
      ['studies.view', 'translations.manage'],
    ],
    [{ role: 'Translations', userGrants: ['studies.view'] }, ['studies.list', 'translations.manage']],
  ])('effectivePermissions(%j)', (input, expected) => {
    expect(effectivePermissions(input)).toEqual(expected);
  });

  it('gates role administration on the flag', () => {
    expect(canAdministerRoles('SystemAdmin', true)).toBe(true);
    expect(canAdministerRoles('SystemAdmin', false)).toBe(false);
    expect(canAdministerRoles('Pi', true)).toBe(false);
  });
});
