import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, isLoggedIn, type ParticipantSession, parseSession, SESSION_KEY } from './session';
import {
  COUNTRY_KEY,
  DEVICE_ID_KEY,
  forgetStudy,
  getOrCreateDeviceId,
  LANGUAGE_KEY,
  languageAfterSignIn,
  memoryStorage,
  readLanguage,
  rememberedStudy,
  rememberStudy,
  storeLanguageAndCountry,
  uuidFromBytes,
} from './storage';

const s: ParticipantSession = {
  pid: 'p-1',
  participantId: 'DEMO-US001-0001',
  username: 'participant.demo',
  studyCode: 'DEMO',
  accessToken: 'access',
  refreshToken: 'refresh',
};

describe('logged in (spec 001 §4: a participant with a non-empty pid is held)', () => {
  it.each([
    [null, false],
    [undefined, false],
    [{ ...s, pid: '' }, false],
    [{ ...s, pid: '   ' }, false],
    [s, true],
  ])('%j → %s', (session, expected) => expect(isLoggedIn(session as ParticipantSession | null)).toBe(expected));

  it('belongs to one study (case-insensitive code)', () => {
    expect(isLoggedIn(s, 'DEMO')).toBe(true);
    expect(isLoggedIn(s, 'demo')).toBe(true);
    expect(isLoggedIn(s, 'OTHER')).toBe(false);
  });
});

describe('stored session', () => {
  it('parses a complete session and rejects malformed ones', () => {
    expect(parseSession(JSON.stringify(s))).toEqual(s);
    expect(parseSession(null)).toBeNull();
    expect(parseSession('not json')).toBeNull();
    expect(parseSession('"text"')).toBeNull();
    expect(parseSession(JSON.stringify({ ...s, pid: '' }))).toBeNull();
    expect(parseSession(JSON.stringify({ ...s, accessToken: undefined }))).toBeNull();
    expect(parseSession(JSON.stringify({ ...s, refreshToken: 5 }))).toBeNull();
  });

  it('keeps tokens and pid in local storage under the product prefix', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.set(s);
    expect(SESSION_KEY).toBe('trialpath.participant');
    expect(JSON.parse(storage.getItem(SESSION_KEY) as string)).toEqual(s);
    expect(createSessionStore(storage).get()).toEqual(s);
  });

  it('updates tokens after a refresh only for the same participant', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.set(s);
    store.updateTokens({ pid: 'someone-else', accessToken: 'x', refreshToken: 'y' });
    expect(store.get()?.accessToken).toBe('access');
    store.updateTokens({ pid: 'p-1', accessToken: 'a2', refreshToken: 'r2' });
    expect(store.get()).toEqual({ ...s, accessToken: 'a2', refreshToken: 'r2' });
    expect(parseSession(storage.getItem(SESSION_KEY))?.refreshToken).toBe('r2');
  });

  it('ignores a refresh that arrives after sign-out', () => {
    const store = createSessionStore(memoryStorage());
    store.updateTokens({ pid: 'p-1', accessToken: 'a2', refreshToken: 'r2' });
    expect(store.get()).toBeNull();
  });

  it('sign-out removes the session but keeps device id, language and country', () => {
    const storage = memoryStorage();
    storeLanguageAndCountry(storage, 'es', 'ES');
    const device = getOrCreateDeviceId(storage);
    const store = createSessionStore(storage);
    store.set(s);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.dump()).toEqual({ [LANGUAGE_KEY]: 'es', [COUNTRY_KEY]: 'ES', [DEVICE_ID_KEY]: device });
  });

  it('notices another tab signing in or out', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    storage.setItem(SESSION_KEY, JSON.stringify(s));
    store.reload();
    expect(store.get()).toEqual(s);
    store.reload();
    expect(listener).toHaveBeenCalledTimes(1);
    storage.removeItem(SESSION_KEY);
    store.reload();
    expect(store.get()).toBeNull();
  });
});

describe('device id, language and country', () => {
  it('makes the device id once and keeps it', () => {
    const storage = memoryStorage();
    const make = vi.fn(() => '3f7c1a2e-1111-4222-8333-444455556666');
    expect(getOrCreateDeviceId(storage, make)).toBe('3f7c1a2e-1111-4222-8333-444455556666');
    expect(getOrCreateDeviceId(storage, make)).toBe('3f7c1a2e-1111-4222-8333-444455556666');
    expect(make).toHaveBeenCalledTimes(1);
    expect(storage.getItem('trialpath.deviceId')).toBe('3f7c1a2e-1111-4222-8333-444455556666');
  });

  it('replaces a stored device id that is not a UUID', () => {
    const storage = memoryStorage({ 'trialpath.deviceId': 'garbage' });
    expect(getOrCreateDeviceId(storage, () => '00000000-0000-4000-8000-000000000000')).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('builds RFC 4122 version-4 UUIDs from random bytes', () => {
    expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(() => uuidFromBytes(new Uint8Array(4))).toThrow();
  });

  it('defaults to en and remembers the language and country chosen', () => {
    const storage = memoryStorage();
    expect(readLanguage(storage)).toBe('en');
    storeLanguageAndCountry(storage, 'es', 'ES');
    expect(storage.getItem('trialpath.language')).toBe('es');
    expect(readLanguage(storage)).toBe('es');
    expect(storage.getItem('trialpath.country')).toBe('ES');
  });
});

describe('the language after sign-in (D-020: the participant’s language)', () => {
  const offered = [
    { language_id: 'en', language_culture: 'en' },
    { language_id: 'es', language_culture: 'es' },
  ];
  it('takes the account’s language on a device that holds no choice, when the study offers it', () => {
    expect(languageAfterSignIn(memoryStorage(), 'es', offered)).toBe('es');
    expect(languageAfterSignIn(memoryStorage(), 'fr', offered)).toBeNull();
  });
  it('keeps the choice made on this device', () => {
    const storage = memoryStorage();
    storeLanguageAndCountry(storage, 'en', 'US');
    expect(languageAfterSignIn(storage, 'es', offered)).toBeNull();
  });
});

describe('the study last opened (001 §9: study, version, study name)', () => {
  it('keeps the code, the running version and the name under their own keys', () => {
    const storage = memoryStorage();
    expect(rememberedStudy(storage)).toBeNull();
    rememberStudy(storage, { studyCode: 'DEMO', name: 'Trialpath Demo Study', versionId: 'v-1' });
    expect(storage.dump()).toMatchObject({
      'trialpath.study': 'DEMO',
      'trialpath.version': 'v-1',
      'trialpath.studyName': 'Trialpath Demo Study',
    });
    expect(rememberedStudy(storage, 'demo')).toEqual({
      studyCode: 'DEMO',
      name: 'Trialpath Demo Study',
      versionId: 'v-1',
    });
    expect(rememberedStudy(storage, 'OTHER')).toBeNull();
  });

  it('drops the version when the study runs none, and forgets only the study named', () => {
    const storage = memoryStorage();
    rememberStudy(storage, { studyCode: 'DEMO', name: 'Demo', versionId: 'v-1' });
    rememberStudy(storage, { studyCode: 'DEMO', name: 'Demo', versionId: null });
    expect(storage.getItem('trialpath.version')).toBeNull();
    forgetStudy(storage, 'OTHER');
    expect(rememberedStudy(storage)?.studyCode).toBe('DEMO');
    forgetStudy(storage, 'demo');
    expect(storage.dump()).toEqual({});
  });
});
