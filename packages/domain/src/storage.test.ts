import { describe, expect, it } from 'vitest';
import { keysToRemove, storageKey, studyStorageKey } from './storage';

describe('storage keys', () => {
  it('prefixes keys', () => {
    expect(storageKey('token')).toBe('trialpath.token');
    expect(studyStorageKey('studyDetails', 's1')).toBe('trialpath.studyDetails.s1');
  });

  const present = [
    'trialpath.token',
    'trialpath.studySummary',
    'trialpath.clientId',
    'trialpath.studyDetails.s1',
    'other.app',
  ];
  it.each([
    ['logout', ['trialpath.token', 'trialpath.studyDetails.s1']],
    ['clear', ['trialpath.token', 'trialpath.studySummary', 'trialpath.studyDetails.s1']],
  ] as const)('keysToRemove on %s', (mode, removed) => {
    expect(keysToRemove(present, mode)).toEqual(removed);
  });
});
