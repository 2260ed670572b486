import { describe, expect, it } from 'vitest';
import { defaultStudyContent } from '../study/content';
import { translate } from '../messages/translate';
import '../messages/participants-catalogue';
import { EMPTY_RECORD, recordNeedsOf, recordProblems, trimRecord } from './record';

const registration = defaultStudyContent().registration;
const choices = { countries: ['US', 'ES'], languages: ['en', 'es'], today: '2026-12-02' };
const texts = (problems: ReturnType<typeof recordProblems>) =>
  Object.fromEntries(Object.entries(problems).map(([f, ref]) => [f, translate(ref.key, ref.params)]));

describe('a participant record (E-058…E-061)', () => {
  it('asks what the version’s registration asks; the contact the account is verified by is always required', () => {
    const needs = recordNeedsOf(registration);
    expect(needs).toMatchObject({ siteId: 'required', firstName: 'required', lastName: 'required', email: 'required' });
    expect(needs.city).toBe('hidden');
    const bySms = recordNeedsOf({ ...registration, verificationMethod: 'sms' });
    expect([bySms.mobile, bySms.mobileCountryCode]).toEqual(['required', 'required']);
  });

  it('prompts for a missing name, city and state with the spec’s words', () => {
    const fields = {
      ...registration.fields,
      city: { asked: true, required: true },
      state: { asked: true, required: true },
    };
    const needs = recordNeedsOf({ ...registration, fields });
    const problems = recordProblems(
      { ...EMPTY_RECORD, siteId: 's', email: 'a@b.org', countryId: 'US', languageId: 'en' },
      needs,
      choices,
    );
    expect(texts(problems)).toEqual({
      firstName: 'Please enter your first name!',
      lastName: 'Please enter your last name!',
      city: 'Please select a city!',
      state: 'Please select a state!',
    });
  });

  it('names each value that is not usable', () => {
    const asked = Object.fromEntries(
      Object.keys(registration.fields).map((f) => [f, { asked: true, required: false }]),
    ) as typeof registration.fields;
    const needs = recordNeedsOf({ ...registration, fields: asked });
    const record = {
      ...EMPTY_RECORD,
      siteId: 's',
      firstName: 'A',
      lastName: 'B',
      participantId: '-x',
      email: 'nope',
      mobile: '12',
      mobileCountryCode: '1',
      dateOfBirth: '2001-02-30',
      zipcode: '#',
      countryId: 'fr',
      languageId: 'de',
    };
    expect(Object.keys(recordProblems(record, needs, choices)).sort()).toEqual(
      ['countryId', 'dateOfBirth', 'email', 'languageId', 'mobile', 'participantId', 'zipcode'].sort(),
    );
    expect(texts(recordProblems({ ...record, dateOfBirth: '2027-01-01' }, needs, choices)).dateOfBirth).toBe(
      'The date of birth cannot be in the future.',
    );
  });

  it('keeps nothing the study does not ask, except the country and language it defaults', () => {
    const needs = recordNeedsOf(registration);
    const record = { ...EMPTY_RECORD, siteId: 's', firstName: 'A', lastName: 'B', email: 'a@b.org' };
    expect(
      texts(recordProblems({ ...record, city: 'Boston', countryId: 'US', languageId: 'en' }, needs, choices)),
    ).toEqual({
      city: "The study does not ask for this at the participant's site: leave it empty.",
    });
  });

  it('trims text, adds the plus to a country code, and keeps a code only with a number', () => {
    expect(
      trimRecord({ ...EMPTY_RECORD, firstName: ' Ada ', countryId: 'us', mobileCountryCode: '44', mobile: ' 7700 ' }),
    ).toMatchObject({ firstName: 'Ada', countryId: 'US', mobileCountryCode: '+44', mobile: '7700' });
    expect(trimRecord({ ...EMPTY_RECORD, mobileCountryCode: '44' }).mobileCountryCode).toBe('');
  });
});
