import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import { translate } from '../messages/translate';
import '../messages/queries-catalogue';
import {
  isQueryAssignableRole,
  QUERY_ASSIGNABLE_ROLES,
  allowedQueryStatuses,
  mayCommentOnQuery,
  QUERY_STATUSES,
  QUERY_TEXT_MAX,
  queryCounts,
  queryTextProblem,
  statusChangeProblem,
} from './index';
import type { Action } from '../permissions';
import { ACTIONS } from '../permissions';

const actionsOf = (role: string) => ACTIONS.filter((a) => can(role, a)) as Action[];
const MONITOR = actionsOf('Cra');
const SITE = actionsOf('StudyCoordinator');
const PHARMACOVIGILANCE = actionsOf('Pharmacovigilance');

describe('query status changes (E-144, E-145)', () => {
  it.each([
    // from, to, role's actions, allowed
    ['OPEN', 'RESPONDED', SITE, true],
    ['OPEN', 'RESPONDED', MONITOR, false],
    ['OPEN', 'CLOSED', MONITOR, true],
    ['OPEN', 'CLOSED', SITE, false],
    ['RESPONDED', 'CLOSED', MONITOR, true],
    ['RESPONDED', 'CLOSED', SITE, false],
    ['RESPONDED', 'OPEN', MONITOR, true],
    ['RESPONDED', 'OPEN', PHARMACOVIGILANCE, true],
    ['RESPONDED', 'OPEN', SITE, false],
    ['CLOSED', 'OPEN', MONITOR, true],
    ['CLOSED', 'OPEN', SITE, false],
    ['CLOSED', 'RESPONDED', SITE, false],
    ['CLOSED', 'RESPONDED', MONITOR, false],
    ['RESPONDED', 'RESPONDED', SITE, false],
    ['OPEN', 'OPEN', MONITOR, false],
  ] as const)('%s → %s: allowed = %s for the role given', (from, to, actions, allowed) => {
    expect(statusChangeProblem(from, to, actions) === null).toBe(allowed);
  });

  it('says why: an impossible change, or a permission the person lacks, each with its message', () => {
    expect(statusChangeProblem('CLOSED', 'RESPONDED', MONITOR)).toEqual({
      kind: 'transition',
      key: 'queries.status.notAllowed',
    });
    expect(statusChangeProblem('OPEN', 'OPEN', MONITOR)?.key).toBe('queries.status.unchanged');
    const siteCloses = statusChangeProblem('RESPONDED', 'CLOSED', SITE);
    expect(siteCloses).toEqual({ kind: 'permission', key: 'queries.status.mayNot.CLOSE' });
    expect(translate(siteCloses!.key, undefined, 'en')).toBe(
      'Only a monitor or data manager who closes queries can close a query.',
    );
    expect(statusChangeProblem('OPEN', 'RESPONDED', MONITOR)?.key).toBe('queries.status.mayNot.RESPONSE');
  });

  it('offers what each side may do next', () => {
    expect(allowedQueryStatuses('OPEN', SITE)).toEqual(['RESPONDED']);
    expect(allowedQueryStatuses('OPEN', MONITOR)).toEqual(['CLOSED']);
    expect(allowedQueryStatuses('RESPONDED', MONITOR)).toEqual(['OPEN', 'CLOSED']);
    expect(allowedQueryStatuses('RESPONDED', SITE)).toEqual([]);
    expect(allowedQueryStatuses('CLOSED', MONITOR)).toEqual(['OPEN']);
    expect(allowedQueryStatuses('CLOSED', new Set<Action>())).toEqual([]);
  });

  it('a note may be added by anyone taking part, while the query is not closed', () => {
    expect(mayCommentOnQuery('OPEN', SITE)).toBe(true);
    expect(mayCommentOnQuery('RESPONDED', MONITOR)).toBe(true);
    expect(mayCommentOnQuery('CLOSED', MONITOR)).toBe(false);
    expect(mayCommentOnQuery('OPEN', actionsOf('StudyAdmin'))).toBe(false);
  });
});

describe('query texts', () => {
  it('a required text must say something; none may pass the limit', () => {
    expect(queryTextProblem('  ', true)).toBe('queries.text.required');
    expect(queryTextProblem(undefined, true)).toBe('queries.text.required');
    expect(queryTextProblem('', false)).toBeNull();
    expect(queryTextProblem('Please check the weight', true)).toBeNull();
    expect(queryTextProblem('x'.repeat(QUERY_TEXT_MAX), true)).toBeNull();
    expect(queryTextProblem('x'.repeat(QUERY_TEXT_MAX + 1), false)).toBe('queries.text.tooLong');
  });
});

describe('query counts', () => {
  it('has every status, zero when none, and ignores what is not a status', () => {
    expect(
      queryCounts([
        { status: 'OPEN', n: '3' },
        { status: 'CLOSED', n: 1 },
        { status: 'X', n: 9 },
      ]),
    ).toEqual({
      OPEN: 3,
      RESPONDED: 0,
      CLOSED: 1,
    });
    expect(Object.keys(queryCounts([]))).toEqual([...QUERY_STATUSES]);
  });
});

describe('query assignment (decision E-queries, addendum)', () => {
  it('offers the site team roles that answer queries, and nothing else', () => {
    expect(QUERY_ASSIGNABLE_ROLES).toContain('Pi');
    expect(QUERY_ASSIGNABLE_ROLES).toContain('StudyCoordinator');
    expect(QUERY_ASSIGNABLE_ROLES).not.toContain('Cra');
    expect(QUERY_ASSIGNABLE_ROLES).not.toContain('CallCenter');
    expect(isQueryAssignableRole('Pi')).toBe(true);
    expect(isQueryAssignableRole('SystemAdmin')).toBe(false);
  });
});
