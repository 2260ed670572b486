import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studyContentSectionSchema } from './content';
import {
  contactFieldNeeds,
  evaluateEligibility,
  participantCodeOf,
  participantNumberOf,
  participantTimeZone,
  verificationMethodOf,
} from './enrolment';

const registration = (value: unknown) => studyContentSectionSchema('registration').parse(value);

describe('the version’s registration section', () => {
  it('open enrolment is off unless the study build turns it on (D-055)', () => {
    expect(registration({}).openEnrolment).toBe(false);
    expect(registration({ openEnrolment: true }).openEnrolment).toBe(true);
  });

  it('the study build’s sms is the spec’s phone; e-mail by default (D-054, D-057)', () => {
    expect(verificationMethodOf(registration({}))).toBe('email');
    expect(
      verificationMethodOf(
        registration({ verificationMethod: 'sms', fields: { mobile: { asked: true, required: true } } }),
      ),
    ).toBe('phone');
  });

  it('the field the code goes to is required; the other as the study asks it', () => {
    expect(contactFieldNeeds(registration({}))).toEqual({ email: 'required', mobile: 'optional' });
    expect(
      contactFieldNeeds(
        registration({
          verificationMethod: 'sms',
          fields: { email: { asked: false, required: false }, mobile: { asked: true, required: true } },
        }),
      ),
    ).toEqual({ email: 'hidden', mobile: 'required' });
  });
});

describe('the eligibility rule (D-097)', () => {
  const questions = [
    { id: 'adult', qualifyingAnswer: 'YES' as const },
    { id: 'pregnant', qualifyingAnswer: 'NO' as const },
  ];

  it('eligible only when every answer is the qualifying one', () => {
    expect(
      evaluateEligibility(questions, [
        { questionId: 'adult', answer: 'YES' },
        { questionId: 'pregnant', answer: 'NO' },
      ]),
    ).toEqual({ kind: 'eligible' });
    expect(
      evaluateEligibility(questions, [
        { questionId: 'pregnant', answer: 'YES' },
        { questionId: 'adult', answer: 'NO' },
      ]),
    ).toEqual({ kind: 'ineligible', failed: ['adult', 'pregnant'] });
    expect(evaluateEligibility([], [])).toEqual({ kind: 'eligible' });
  });

  it('no decision without each question answered exactly once, and nothing else', () => {
    expect(
      evaluateEligibility(questions, [
        { questionId: 'adult', answer: 'YES' },
        { questionId: 'adult', answer: 'NO' },
        { questionId: 'smoker', answer: 'NO' },
      ]),
    ).toEqual({ kind: 'incomplete', missing: ['pregnant'], unknown: ['smoker'], repeated: ['adult'] });
  });

  it('never throws, whatever the answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ questionId: fc.string(), answer: fc.constantFrom('YES' as const, 'NO' as const) })),
        (answers) => {
          expect(['eligible', 'ineligible', 'incomplete']).toContain(evaluateEligibility(questions, answers).kind);
        },
      ),
    );
  });
});

describe('the participant’s time zone from the browser', () => {
  it('the IANA zone when the runtime knows it; else the whole-hour offset (POSIX signs inverted); else UTC', () => {
    expect(participantTimeZone({ timeZone: 'Europe/Madrid', offsetMinutes: 60 })).toBe('Europe/Madrid');
    expect(participantTimeZone({ timeZone: 'Mars/Olympus', offsetMinutes: 60 })).toBe('Etc/GMT-1');
    expect(participantTimeZone({ offsetMinutes: -300 })).toBe('Etc/GMT+5');
    expect(participantTimeZone({ offsetMinutes: 330 })).toBe('UTC');
    expect(participantTimeZone({ offsetMinutes: 0 })).toBe('UTC');
    expect(participantTimeZone({ offsetMinutes: 15 * 60 })).toBe('UTC');
  });
});

describe('participant codes', () => {
  it('study code (TEST in the test data space), site code without separators, a four-digit number', () => {
    expect(participantCodeOf('DEMO', 'US-001', 7)).toBe('DEMO-US001-0007');
    expect(participantCodeOf('test', 'es_001', 12345)).toBe('TEST-ES001-12345');
    expect(participantNumberOf('DEMO-US001-0007')).toBe(7);
    expect(participantNumberOf('IMPORTED-7')).toBeNull();
  });
});
