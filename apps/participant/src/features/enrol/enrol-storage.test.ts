import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../shared/storage';
import {
  clearPendingVerification,
  isFromWeb,
  isOpenStudy,
  markFromWeb,
  openEnrolEmail,
  pendingVerification,
  storedVerificationMethod,
  storeEnrolmentFacts,
  storeOpenEnrolEmail,
  storePendingVerification,
} from './enrol-storage';

describe('enrolment in local storage (001 §9; decision D-133)', () => {
  it('keeps the open-study flag, the verification method, from-web and the open-enrol e-mail under their keys', () => {
    const s = memoryStorage();
    expect(isOpenStudy(s)).toBe(false);
    expect(storedVerificationMethod(s)).toBe('email');
    storeEnrolmentFacts(s, { openEnrolment: true, verificationMethod: 'phone' });
    markFromWeb(s);
    storeOpenEnrolEmail(s, 'ana@example.org');
    expect(s.dump()).toEqual({
      'trialpath.openStudy': 'true',
      'trialpath.verificationMethod': 'phone',
      'trialpath.fromWeb': 'true',
      'trialpath.openEnrolEmail': 'ana@example.org',
    });
    expect([isOpenStudy(s), storedVerificationMethod(s), isFromWeb(s), openEnrolEmail(s)]).toEqual([
      true,
      'phone',
      true,
      'ana@example.org',
    ]);
    storeOpenEnrolEmail(s, null);
    expect(openEnrolEmail(s)).toBeNull();
  });

  it('001 §4: open enrolment holds only when the stored flag equals true', () => {
    for (const v of ['TRUE', '1', 'yes', ''])
      expect(isOpenStudy(memoryStorage({ 'trialpath.openStudy': v }))).toBe(false);
    expect(isOpenStudy(memoryStorage({ 'trialpath.openStudy': 'true' }))).toBe(true);
  });

  it('the pending verification belongs to one study; a malformed one reads as none', () => {
    const s = memoryStorage();
    storePendingVerification(s, {
      studyCode: 'DEMO',
      pid: 'p-1',
      verificationMethod: 'phone',
      destination: '+1 ••• ••• 4567',
    });
    expect(pendingVerification(s, 'demo')).toEqual({
      studyCode: 'DEMO',
      pid: 'p-1',
      verificationMethod: 'phone',
      destination: '+1 ••• ••• 4567',
    });
    expect(pendingVerification(s, 'SLEEP')).toBeNull();
    clearPendingVerification(s);
    expect(pendingVerification(s, 'DEMO')).toBeNull();
    for (const raw of ['{', 'null', '{"pid":""}', '{"pid":"p","studyCode":3}'])
      expect(pendingVerification(memoryStorage({ 'trialpath.pendingVerification': raw }), 'DEMO')).toBeNull();
  });
});
