import { describe, expect, it } from 'vitest';
import { studyNavItems } from './study-nav';

const S = 's1';
const ids = (a: string[], o = { twin: false, testPortal: true }) => studyNavItems(S, a, o).map((i) => i.id);

describe('study navigation from the per-study authorities (A-118)', () => {
  it('offers the test environment to roles that manage participants, with the test-portal flag', () => {
    expect(ids(['StudyCoordinator'])).toEqual(['dashboard', 'testEnvironment']);
    expect(ids(['Cra'])).toEqual(['dashboard']);
    expect(ids(['StudyCoordinator'], { twin: false, testPortal: false })).toEqual(['dashboard']);
  });

  it('links back to the live study from the test twin', () => {
    expect(studyNavItems(S, ['Cra'], { twin: true, testPortal: true })).toEqual([
      { id: 'dashboard', to: '/studies/s1/test/dashboard', action: 'studies.view' },
      { id: 'liveEnvironment', to: '/studies/s1/dashboard', action: 'studies.view' },
    ]);
  });

  it('shows nothing for a token without study authorities', () => {
    expect(ids([])).toEqual([]);
    expect(ids(['NoSuchRole'])).toEqual([]);
  });

  it('reads realm-prefixed authorities', () => {
    expect(ids(['acme:StudyCoordinator'])).toEqual(['dashboard', 'testEnvironment']);
  });
});
