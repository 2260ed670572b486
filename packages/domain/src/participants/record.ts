/**
 * A participant's record as staff add, edit and import it (E-020, E-026, E-028, E-058…E-061; decision
 * E-participant-records). Which fields are asked and required is the study version's registration setting — the
 * same one the participant's own registration follows — so a study asks the same facts whoever types them. One
 * rule for the add/edit form, the import's rows and the server.
 */
import { normalizeDob, normalizeEmail } from '../identity/normalize';
import type { MessageKey } from '../messages/catalogue';
import { type MessageRef, messageRef } from '../messages/message-ref';
import { phoneDigits, withLeadingPlus } from '../phone';
import { type FieldNeed, verificationMethodOf } from '../study/enrolment';
import type { SectionValue } from '../study/content';
import {
  CUSTOM_REGISTRATION_FIELDS,
  type CustomRegistrationField,
  customFieldLabelName,
  type RegistrationField,
} from '../study/content-app';
import { pickText } from '../study/pick-text';

export const PARTICIPANT_GENDERS = ['FEMALE', 'MALE', 'OTHER', 'UNKNOWN'] as const;
export type ParticipantGender = (typeof PARTICIPANT_GENDERS)[number];

/** A participant id typed by staff: a letter or digit, then letters, digits, dot, dash or underscore. */
export const PARTICIPANT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The most characters of each text field (the database keeps what the screen allows). */
export const RECORD_FIELD_MAX = {
  participantId: 64,
  firstName: 100,
  lastName: 100,
  email: 254,
  mobileCountryCode: 5,
  mobile: 30,
  address: 200,
  city: 100,
  state: 100,
  zipcode: 12,
  parentOrCgFirstName: 100,
  parentOrCgLastName: 100,
  howDidYouHear: 200,
  customField1: 200,
  customField2: 200,
  customField3: 200,
} as const;

/** The record's fields as the form and an import row hold them: text ('' is not given), one boolean. */
export interface ParticipantRecordValues {
  /** The participant id; '' lets the study number the participant at their site. */
  participantId: string;
  siteId: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileCountryCode: string;
  mobile: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  gender: '' | ParticipantGender;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  countryId: string;
  languageId: string;
  optInSMS: boolean;
  /** E-028: the parent's or caregiver's names, how the person heard of the study, the study's own three fields. */
  parentOrCgFirstName: string;
  parentOrCgLastName: string;
  howDidYouHear: string;
  customField1: string;
  customField2: string;
  customField3: string;
}
export type RecordField = keyof ParticipantRecordValues;

export const EMPTY_RECORD: ParticipantRecordValues = {
  participantId: '',
  siteId: '',
  firstName: '',
  lastName: '',
  email: '',
  mobileCountryCode: '',
  mobile: '',
  dateOfBirth: '',
  gender: '',
  address: '',
  city: '',
  state: '',
  zipcode: '',
  countryId: '',
  languageId: '',
  optInSMS: false,
  parentOrCgFirstName: '',
  parentOrCgLastName: '',
  howDidYouHear: '',
  customField1: '',
  customField2: '',
  customField3: '',
};

/** The record field each registration setting governs. */
const FIELD_OF: Record<RegistrationField, RecordField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  mobile: 'mobile',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  address: 'address',
  city: 'city',
  state: 'state',
  zipcode: 'zipcode',
  country: 'countryId',
  language: 'languageId',
  parentOrCgFirstName: 'parentOrCgFirstName',
  parentOrCgLastName: 'parentOrCgLastName',
  howDidYouHear: 'howDidYouHear',
  customField1: 'customField1',
  customField2: 'customField2',
  customField3: 'customField3',
};

export type RecordNeeds = Record<RecordField, FieldNeed>;

interface RegistrationSetting {
  verificationMethod: 'email' | 'sms';
  fields: Record<RegistrationField, { asked: boolean; required: boolean }>;
}

/**
 * What the form asks, from the version's registration: a field asked there is asked here, required as there;
 * the contact the account is verified by is always required. The site is always required; the participant id
 * and the text-message choice are always offered.
 */
export function recordNeedsOf(registration: RegistrationSetting): RecordNeeds {
  const verifiedBy = verificationMethodOf(registration) === 'phone' ? 'mobile' : 'email';
  const needs = { ...ALWAYS } as RecordNeeds;
  for (const [setting, field] of Object.entries(FIELD_OF) as [RegistrationField, RecordField][]) {
    const f = registration.fields[setting];
    needs[field] = f.required || setting === verifiedBy ? 'required' : f.asked ? 'optional' : 'hidden';
  }
  needs.mobileCountryCode = needs.mobile;
  return needs;
}
/**
 * The names the study gave its own fields (E-028), in the reader's language, for the fields it asks: the form's
 * labels and the profile's.
 */
export function customFieldLabels(
  registration: Pick<SectionValue<'registration'>, 'fields' | `${CustomRegistrationField}Label`>,
  language: string,
  defaultLanguage: string,
): Partial<Record<CustomRegistrationField, string>> {
  const out: Partial<Record<CustomRegistrationField, string>> = {};
  for (const f of CUSTOM_REGISTRATION_FIELDS)
    if (registration.fields[f].asked)
      out[f] = pickText(registration[customFieldLabelName(f)], language, defaultLanguage);
  return out;
}

const ALWAYS: Partial<RecordNeeds> = { participantId: 'optional', siteId: 'required', optInSMS: 'optional' };

/** The spec's prompts for these fields (002 §5: E-058…E-061); any other missing field gets the catalogue's. */
const MISSING: Partial<Record<RecordField, MessageKey>> = {
  firstName: 'participants.enterFirstName',
  lastName: 'participants.enterLastName',
  city: 'participants.selectCity',
  state: 'participants.selectState',
};

/** Fields the server fills when left empty (the site's country, the study's language). */
const DEFAULTED: readonly RecordField[] = ['countryId', 'languageId'];

export type RecordProblems = Partial<Record<RecordField, MessageRef>>;

interface RecordChoices {
  /** The countries and languages the study offers (ids); an empty list takes any. */
  countries: readonly string[];
  languages: readonly string[];
  /** Today, yyyy-mm-dd: a birth date after it is a slip. */
  today: string;
}

/** What is wrong with a record, one message per field (none: it can be saved). Values are trimmed first. */
export function recordProblems(
  values: ParticipantRecordValues,
  needs: RecordNeeds,
  choices: RecordChoices,
): RecordProblems {
  const problems: RecordProblems = {};
  const v = trimRecord(values);
  for (const field of Object.keys(needs) as RecordField[]) {
    if (field === 'optInSMS') continue;
    const value = v[field] as string;
    // what the study does not ask is not kept (data minimisation); the country and language have defaults
    if (value !== '' && needs[field] === 'hidden' && !DEFAULTED.includes(field))
      problems[field] = messageRef('participants.notAsked');
    if (value === '' && needs[field] === 'required') problems[field] = messageRef(MISSING[field] ?? 'errors.required');
    const max = RECORD_FIELD_MAX[field as keyof typeof RECORD_FIELD_MAX];
    if (max !== undefined && value.length > max) problems[field] = messageRef('errors.tooLong', { max });
  }
  const set = (field: RecordField, key: MessageKey | null) => {
    if (key && !problems[field]) problems[field] = messageRef(key);
  };
  if (v.participantId)
    set('participantId', PARTICIPANT_CODE_PATTERN.test(v.participantId) ? null : 'participants.idFormat');
  if (v.email) set('email', normalizeEmail(v.email) ? null : 'errors.invalidEmail');
  if (v.mobile) {
    const digits = phoneDigits(v.mobile);
    set('mobile', /^[\d\s().-]+$/.test(v.mobile) && digits.length >= 4 && digits.length <= 15 ? null : 'phone.invalid');
    set(
      'mobileCountryCode',
      /^\+\d{1,4}$/.test(withLeadingPlus(v.mobileCountryCode)) ? null : 'phone.countryCodeInvalid',
    );
  }
  if (v.dateOfBirth) {
    const real = /^\d{4}-\d{2}-\d{2}$/.test(v.dateOfBirth) && normalizeDob(v.dateOfBirth) !== null;
    set(
      'dateOfBirth',
      !real ? 'participants.dateInvalid' : v.dateOfBirth > choices.today ? 'participants.bornInFuture' : null,
    );
  }
  if (v.gender)
    set('gender', (PARTICIPANT_GENDERS as readonly string[]).includes(v.gender) ? null : 'errors.invalidValue');
  if (v.zipcode)
    set('zipcode', /^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/.test(v.zipcode) ? null : 'errors.invalidFormat');
  if (v.countryId && choices.countries.length > 0)
    set('countryId', choices.countries.includes(v.countryId) ? null : 'errors.invalidValue');
  if (v.languageId && choices.languages.length > 0)
    set('languageId', choices.languages.includes(v.languageId) ? null : 'errors.invalidValue');
  return problems;
}

/** The record with its text trimmed, a country code with its plus and the country in upper case. */
export function trimRecord(values: ParticipantRecordValues): ParticipantRecordValues {
  const out = { ...values };
  for (const [k, val] of Object.entries(out))
    if (typeof val === 'string') (out as Record<string, unknown>)[k] = val.trim();
  out.countryId = out.countryId.toUpperCase();
  out.mobileCountryCode = out.mobile ? withLeadingPlus(out.mobileCountryCode) : '';
  return out;
}
