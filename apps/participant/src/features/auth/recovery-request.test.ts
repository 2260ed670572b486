import { participantForgotPassword } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import { COUNTRY_KEY, memoryStorage } from '../../shared/storage';
import { forgotPasswordBody, recoveryCountry } from './recovery-request';

const country = (isoCode2: string, over: { default?: boolean; active?: boolean; sortOrder?: number } = {}) => ({
  isoCode2,
  name: isoCode2,
  default: false,
  active: true,
  sortOrder: 1,
  ...over,
});
const DEMO = [country('US', { default: true }), country('ES', { sortOrder: 2 })];

describe('the forgot-password request (001 §6, §7; decision D-085)', () => {
  it('names the web participant, the reset link and the country chosen on the language page', () => {
    const body = forgotPasswordBody(
      { studyCode: 'DEMO', username: '  ana.garcia ', language: 'es' },
      DEMO,
      memoryStorage({ [COUNTRY_KEY]: 'ES' }),
    );
    expect(body).toEqual({
      studyCode: 'DEMO',
      username: 'ana.garcia',
      language: 'es',
      userType: 'webParticipant',
      requestKind: 'resetLink',
      countryId: 'ES',
    });
    // What the portal sends is what the contract accepts.
    expect(participantForgotPassword.body!.safeParse(body).success).toBe(true);
  });

  it('without a choice, or with one the study no longer offers, the language page’s own first choice', () => {
    expect(recoveryCountry(DEMO, memoryStorage())).toBe('US');
    expect(recoveryCountry(DEMO, memoryStorage({ [COUNTRY_KEY]: 'FR' }))).toBe('US');
    expect(recoveryCountry(DEMO, memoryStorage({ [COUNTRY_KEY]: 'es' }))).toBe('ES');
    // A study in Spain only: its country, whatever an old choice said.
    expect(recoveryCountry([country('ES', { default: true })], memoryStorage({ [COUNTRY_KEY]: 'MX' }))).toBe('ES');
    // A study naming no country: the spec's default, US.
    expect(recoveryCountry([], memoryStorage())).toBe('US');
  });

  it('the contract refuses a request without them, or with another user type or kind', () => {
    const schema = participantForgotPassword.body!;
    const base = { studyCode: 'DEMO', username: 'u', userType: 'webParticipant', requestKind: 'resetLink' };
    expect(schema.safeParse({ ...base, countryId: 'us' }).data?.countryId).toBe('US');
    expect(schema.safeParse({ studyCode: 'DEMO', username: 'u' }).success).toBe(false);
    expect(schema.safeParse({ ...base, countryId: 'USA' }).success).toBe(false);
    expect(schema.safeParse({ ...base, userType: 'staff', countryId: 'US' }).success).toBe(false);
    expect(schema.safeParse({ ...base, requestKind: 'resetCode', countryId: 'US' }).success).toBe(false);
  });
});
