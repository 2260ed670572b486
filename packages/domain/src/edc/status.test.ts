import { describe, expect, it } from 'vitest';
import { type SiteFormState, siteFormActionProblem, startUnscheduledProblem, statusAfterSave } from './status';

const state = (o: Partial<SiteFormState>): SiteFormState => ({
  exists: true,
  status: 'IN_PROGRESS',
  locked: false,
  siteLocked: false,
  ...o,
});

describe('what may happen to a site form entry', () => {
  it.each([
    ['save', {}, null],
    ['save', { locked: true }, 'edc.locked'],
    ['save', { exists: false, status: 'NOT_STARTED', siteLocked: true }, 'edc.siteLocked'],
    // an entry unlocked on its own under a site lock may be corrected
    ['save', { siteLocked: true }, null],
    ['sign', { status: 'COMPLETED' }, null],
    ['sign', { status: 'IN_PROGRESS' }, 'edc.signIncomplete'],
    ['sign', { status: 'NOT_STARTED' }, 'edc.signIncomplete'],
    ['sign', { status: 'SIGNED' }, 'edc.alreadySigned'],
    ['sign', { status: 'COMPLETED', locked: true }, 'edc.locked'],
    ['lock', {}, null],
    ['lock', { exists: false, status: 'NOT_STARTED' }, 'edc.nothingToLock'],
    ['lock', { locked: true }, 'edc.alreadyLocked'],
    ['unlock', { locked: true }, null],
    ['unlock', {}, 'edc.notLocked'],
  ] as const)('%s in %o → %s', (action, o, expected) => {
    expect(siteFormActionProblem(state(o), action)).toBe(expected);
  });

  it('a save leaves the entry in progress or completed, never signed', () => {
    expect(statusAfterSave(false)).toBe('IN_PROGRESS');
    expect(statusAfterSave(true)).toBe('COMPLETED');
  });

  it('no unscheduled entry starts at a locked site', () => {
    expect(startUnscheduledProblem(true)).toBe('edc.siteLocked');
    expect(startUnscheduledProblem(false)).toBeNull();
  });
});
