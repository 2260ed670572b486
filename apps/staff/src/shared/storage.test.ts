import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from './storage';

beforeEach(() => window.localStorage.clear());

describe('staff storage', () => {
  it('uses the product prefix for every key', () => {
    storage.setTokens('a', 'r');
    storage.setStudyToken('s1', { token: 't', refreshToken: 'rt' });
    storage.setLastActivity(5);
    for (let i = 0; i < window.localStorage.length; i++) expect(window.localStorage.key(i)).toMatch(/^trialpath\./);
  });

  it('logout keeps only the study summary and the client id (and other apps’ keys)', () => {
    storage.setTokens('a', 'r');
    storage.setStudyToken('s1', { token: 't', refreshToken: 'rt' });
    storage.setStudyDetails('s1', { name: 'x' });
    storage.setStudySummary({ id: 's1' });
    storage.setClientId('c1');
    window.localStorage.setItem('other-app', '1');
    storage.clearOnLogout();
    expect(storage.getToken()).toBeNull();
    expect(storage.getStudyToken('s1')).toBeNull();
    expect(storage.getStudyDetails('s1')).toBeNull();
    expect(storage.getStudySummary()).toEqual({ id: 's1' });
    expect(storage.getClientId()).toBe('c1');
    expect(window.localStorage.getItem('other-app')).toBe('1');
  });

  it('removes the tokens of changed studies only', () => {
    storage.setStudyToken('s1', { token: 't1', refreshToken: 'r1' });
    storage.setStudyToken('s2', { token: 't2', refreshToken: 'r2' });
    storage.removeStudyTokens(['s1']);
    expect(storage.getStudyToken('s1')).toBeNull();
    expect(storage.getStudyToken('s2')).toEqual({ token: 't2', refreshToken: 'r2' });
  });
});
