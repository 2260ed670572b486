import { parseRequestPart } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import {
  type EnrolmentFacts,
  localTimeOf,
  parseLinkRoute,
  registrationBody,
  registrationFormSchema,
  restartsEnrolment,
  screeningAnswers,
  startStep,
  unansweredQuestions,
  verifyLinkTarget,
} from './enrol-logic';

const facts = (over: Partial<EnrolmentFacts> = {}): EnrolmentFacts => ({
  studyId: '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11',
  studyCode: 'DEMO',
  studyVersionId: '5c0b8a34-9d4e-4f3a-8b2c-1d0e9f8a7b6c',
  openEnrolment: true,
  verificationMethod: 'email',
  defaultLanguage: 'en',
  eligibility: {
    heading: {},
    introduction: {},
    questions: [
      { id: 'adult', text: { en: 'Are you 18 or older?' } },
      { id: 'pregnant', text: { en: 'Are you pregnant?' } },
    ],
    ineligibleMessage: {},
  },
  registration: {
    heading: {},
    introduction: {},
    submitLabel: {},
    completedMessage: {},
    email: 'required',
    mobile: 'optional',
  },
  ...over,
});

describe('where enrolment starts', () => {
  it('open enrolment with questions → eligibility; without → the form; an invitation → the form at once', () => {
    expect(startStep(facts(), { kind: 'open' })).toBe('eligibility');
    const noQuestions = facts();
    noQuestions.eligibility.questions = [];
    expect(startStep(noQuestions, { kind: 'open' })).toBe('register');
    expect(startStep(facts({ openEnrolment: false }), { kind: 'invited', token: 't'.repeat(20) })).toBe('register');
  });

  it('closed without open enrolment (D-055), and for everyone while no version runs', () => {
    expect(startStep(facts({ openEnrolment: false }), { kind: 'open' })).toBe('closed');
    expect(startStep(facts({ studyVersionId: null }), { kind: 'invited', token: 't'.repeat(20) })).toBe('closed');
  });
});

describe('eligibility answers', () => {
  it('names the questions left and sends the answers in the questions’ order', () => {
    expect(unansweredQuestions(facts(), { pregnant: 'NO' })).toEqual(['adult']);
    expect(unansweredQuestions(facts(), { pregnant: 'NO', adult: 'YES' })).toEqual([]);
    expect(screeningAnswers(facts(), { pregnant: 'NO', adult: 'YES', stray: 'YES' })).toEqual([
      { questionId: 'adult', answer: 'YES' },
      { questionId: 'pregnant', answer: 'NO' },
    ]);
  });
});

describe('the registration form', () => {
  const valid = {
    username: 'joiner1#x',
    email: 'ana@example.org',
    mobileCountryCode: '',
    mobile: '',
    password: 'Joining#2024',
    confirmPassword: 'Joining#2024',
  };
  const fields = (schema: ReturnType<typeof registrationFormSchema>, value: object) => {
    const r = parseRequestPart(schema, value, 'body');
    return r.ok ? {} : Object.fromEntries(Object.entries(r.fields).map(([k, refs]) => [k, refs.map((x) => x.key)]));
  };

  it('refuses what the server refuses: username and password rules, a different confirmation, a bad e-mail', () => {
    const schema = registrationFormSchema(facts().registration);
    expect(fields(schema, valid)).toEqual({});
    expect(
      fields(schema, { ...valid, username: 'ab cd', password: 'abc', confirmPassword: 'abd', email: 'nope' }),
    ).toEqual({
      username: ['username.minLength', 'username.number', 'username.special', 'username.noSpaces'],
      password: ['password.minLength', 'password.number', 'password.special'],
      confirmPassword: ['password.mismatch'],
      email: ['errors.invalidEmail'],
    });
  });

  it('asks for the field the code goes to: e-mail, or the mobile number with its country code', () => {
    const byEmail = registrationFormSchema(facts().registration);
    expect(fields(byEmail, { ...valid, email: '' })).toEqual({ email: ['errors.required'] });
    const byPhone = registrationFormSchema({ ...facts().registration, email: 'optional', mobile: 'required' });
    expect(fields(byPhone, { ...valid, email: '' })).toEqual({ mobile: ['enrolment.mobileRequired'] });
    expect(fields(byPhone, { ...valid, mobile: '5552014567', mobileCountryCode: 'x' })).toEqual({
      mobileCountryCode: ['phone.countryCodeInvalid'],
    });
    expect(fields(byPhone, { ...valid, mobile: '5552014567', mobileCountryCode: '+1' })).toEqual({});
  });
});

describe('the registration body (002 §3, D-053)', () => {
  it('carries the local offset in minutes east and the wall-clock time', () => {
    expect(localTimeOf(new Date(2026, 11, 2, 9, 5, 7)).localTime).toBe('2026-12-02T09:05:07');
    // getTimezoneOffset counts minutes behind UTC: Madrid in winter says -60, New York 300.
    const at = (minutesBehind: number) =>
      Object.assign(new Date(2026, 11, 2), { getTimezoneOffset: () => minutesBehind });
    expect(localTimeOf(at(-60)).offset).toBe(60);
    expect(localTimeOf(at(300)).offset).toBe(-300);
    expect(Object.is(localTimeOf(at(0)).offset, 0)).toBe(true);
  });

  it('open enrolment: the screening, the study’s verification method, e-mail only when typed, no SMS opt-in without a number', () => {
    const body = registrationBody({
      form: {
        username: ' joiner1#x ',
        email: 'ana@example.org',
        mobileCountryCode: '',
        mobile: '',
        password: 'Joining#2024',
        confirmPassword: 'Joining#2024',
      },
      facts: facts(),
      mode: { kind: 'open' },
      screeningId: '9b2f1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      deviceId: 'dev-1',
      now: new Date(2026, 11, 2, 9, 5, 7),
      timeZone: 'Europe/Madrid',
      language: 'es',
      countryId: 'es',
      optInSms: true,
    });
    expect(body).toMatchObject({
      registrationProcess: 'OPEN_ENROLMENT',
      screeningId: '9b2f1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      studyVersionId: facts().studyVersionId,
      username: 'joiner1#x',
      email: 'ana@example.org',
      verificationMethod: 'email',
      verificationOptInSMS: false,
      deviceType: 'Web',
      participantLocalTime: '2026-12-02T09:05:07',
      timeZone: 'Europe/Madrid',
      language: 'es',
      countryId: 'ES',
    });
    expect(body).not.toHaveProperty('activationToken');
    expect(body).not.toHaveProperty('mobile');
  });

  it('an invitation: its token, no screening; the mobile number with its code and the opt-in', () => {
    const body = registrationBody({
      form: {
        username: 'joiner1#x',
        email: '',
        mobileCountryCode: '+1',
        mobile: '(555) 201-4567',
        password: 'Joining#2024',
        confirmPassword: 'Joining#2024',
      },
      facts: facts({ verificationMethod: 'phone' }),
      mode: { kind: 'invited', token: 'tok'.repeat(10) },
      screeningId: null,
      deviceId: 'dev-1',
      now: new Date(),
      timeZone: undefined,
      language: 'en',
      countryId: null,
      optInSms: true,
    });
    expect(body).toMatchObject({
      registrationProcess: 'INVITATION',
      activationToken: 'tok'.repeat(10),
      verificationMethod: 'phone',
      mobile: '(555) 201-4567',
      mobileCountryCode: '+1',
      verificationOptInSMS: true,
    });
    expect(body).not.toHaveProperty('screeningId');
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('countryId');
  });

  it('a refusal that means the screening or version is gone sends the person back to the start', () => {
    expect(restartsEnrolment('enrolment.versionChanged')).toBe(true);
    expect(restartsEnrolment('enrolment.screeningInvalid')).toBe(true);
    expect(restartsEnrolment('username.taken')).toBe(false);
  });
});

describe('the e-mailed verification link opens its study’s page', () => {
  it('keeps the participant id of the -v2/-v3 forms, none for the first form', () => {
    const v3 = parseLinkRoute(['studies', 'S1', 'P1', 'tok', 'ana@example.org', 'verify-participant-v3']);
    const v1 = parseLinkRoute(['studies', 'S1', 'tok', 'ana@example.org', 'verify-participant']);
    if (v3?.kind !== 'verifyLink' || v1?.kind !== 'verifyLink') throw new Error('not link routes');
    expect(verifyLinkTarget('DEMO', v3)).toBe('/participants/web/DEMO/verify-link/tok/ana%40example.org/P1');
    expect(verifyLinkTarget('DEMO', v1)).toBe('/participants/web/DEMO/verify-link/tok/ana%40example.org');
  });
});

describe('the unsubscribe link of a participant’s e-mails (E-003)', () => {
  it('is /participants/{participantId}/unsubscribeemail with its token in the query', () => {
    expect(parseLinkRoute(['participants', 'P1', 'unsubscribeemail'], 'token=abc')).toEqual({
      kind: 'unsubscribe',
      participantId: 'P1',
      token: 'abc',
    });
    expect(parseLinkRoute(['participants', 'P1', 'unsubscribeemail'], '')).toBeNull();
    expect(parseLinkRoute(['participants', 'P1', 'unsubscribe'], 'token=abc')).toBeNull();
  });
});
