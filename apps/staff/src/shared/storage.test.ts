import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from './storage';

beforeEach(() => window.localStorage.clear());

const SUMMARY = { userId: 'u1', id: 's1', code: 'S1', name: 'Study one' };

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
    storage.setStudySummary(SUMMARY);
    storage.setClientId('c1');
    window.localStorage.setItem('other-app', '1');
    storage.clearOnLogout();
    expect(storage.getToken()).toBeNull();
    expect(storage.getStudyToken('s1')).toBeNull();
    expect(storage.getStudyDetails('s1')).toBeNull();
    expect(storage.getStudySummary()).toEqual(SUMMARY);
    expect(storage.getClientId()).toBe('c1');
    expect(window.localStorage.getItem('other-app')).toBe('1');
  });

  it('clearing all keeps only the client id (and other apps’ keys) (000 §9, A-218)', () => {
    storage.setTokens('a', 'r');
    storage.setStudyToken('s1', { token: 't', refreshToken: 'rt' });
    storage.setStudyDetails('s1', { name: 'x' });
    storage.setStudySummary(SUMMARY);
    storage.setUser({ id: 'u1' });
    storage.setLanguage('es');
    storage.setClientId('c1');
    window.localStorage.setItem('other-app', '1');
    storage.clearAll();
    expect(storage.getClientId()).toBe('c1');
    expect(window.localStorage.getItem('other-app')).toBe('1');
    const left: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) left.push(window.localStorage.key(i)!);
    expect(left.sort()).toEqual(['other-app', 'trialpath.clientId']);
  });

  it('removes the tokens of changed studies only', () => {
    storage.setStudyToken('s1', { token: 't1', refreshToken: 'r1' });
    storage.setStudyToken('s2', { token: 't2', refreshToken: 'r2' });
    storage.removeStudyTokens(['s1']);
    expect(storage.getStudyToken('s1')).toBeNull();
    expect(storage.getStudyToken('s2')).toEqual({ token: 't2', refreshToken: 'r2' });
  });
});

describe('stored items (000 §3)', () => {
  it('keeps saved form-editing data per form id until cleared (A-038)', () => {
    storage.setFormDraft('about-you.u1', { firstName: 'Ann' }, 1000);
    storage.setFormDraft('other-form', { x: 1 }, 2000);
    expect(storage.getFormDraft('about-you.u1')).toEqual({ data: { firstName: 'Ann' }, savedAt: 1000 });
    expect(window.localStorage.getItem('trialpath.formDraft.about-you.u1')).not.toBeNull();
    storage.clearFormDraft('about-you.u1');
    expect(storage.getFormDraft('about-you.u1')).toBeNull();
    expect(storage.getFormDraft('other-form')).toMatchObject({ data: { x: 1 } });
  });

  it('keeps the signature status and image, refusing anything but an image data URL (A-039)', () => {
    expect(storage.getSignature()).toBeNull();
    storage.setSignature({ status: 'pending', image: null });
    expect(storage.getSignature()).toEqual({ status: 'pending', image: null });
    storage.setSignature({ status: 'acquired', image: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(storage.getSignature()).toEqual({ status: 'acquired', image: 'data:image/png;base64,iVBORw0KGgo=' });
    window.localStorage.setItem('trialpath.signature', JSON.stringify({ status: 'acquired', image: 'javascript:x' }));
    expect(storage.getSignature()).toBeNull();
    window.localStorage.setItem('trialpath.signature', JSON.stringify({ status: 'weird', image: null }));
    expect(storage.getSignature()).toBeNull();
    storage.clearSignature();
    expect(window.localStorage.getItem('trialpath.signature')).toBeNull();
  });

  it('keeps study features per study, the roles and the user; logout removes them', () => {
    storage.setStudyFeatures('s1', { telehealth: true });
    storage.setRoles('platform', [{ name: 'SystemAdmin' }]);
    storage.setRoles('site', [{ name: 'Pi' }]);
    storage.setUser({ id: 'u1' });
    expect(storage.getStudyFeatures('s1')).toEqual({ telehealth: true });
    expect(storage.getStudyFeatures('s2')).toBeNull();
    expect(storage.getRoles('platform')).toEqual([{ name: 'SystemAdmin' }]);
    expect(storage.getRoles('site')).toEqual([{ name: 'Pi' }]);
    expect(storage.getUser()).toEqual({ id: 'u1' });
    storage.setFormDraft('f', 1);
    storage.setSignature({ status: 'pending', image: null });
    storage.clearOnLogout();
    expect(storage.getStudyFeatures('s1')).toBeNull();
    expect(storage.getRoles('platform')).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(storage.getFormDraft('f')).toBeNull();
    expect(storage.getSignature()).toBeNull();
  });
});
