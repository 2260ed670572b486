/**
 * The linkage token types (decision H-linkage-tokens): which normalised identifiers each joins, in which order.
 * A token is base64url(HMAC-SHA256(studyKey, message)) of the message `"<type>|" + fields joined by "|"`, the key
 * being the study's 32-byte key (64 hex characters). A type whose fields are not all known is not made: it is
 * reported with the missing fields, never hashed from empty strings.
 */
import { linkageSoundex, normaliseBirthDate, normaliseName, normalisePostalCode, normaliseSex } from './normalise';

export const LINKAGE_TOKEN_TYPES = ['T1', 'T2', 'T3', 'T4'] as const;
export type LinkageTokenType = (typeof LINKAGE_TOKEN_TYPES)[number];

/** The identifiers as the participant record holds them. */
export interface LinkageIdentifiers {
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  /** FEMALE, MALE, OTHER, UNKNOWN */
  gender: string | null;
  zipCode: string | null;
}

/** The normalised fields tokens are made of; '' = not known. */
export interface NormalisedIdentifiers {
  first: string;
  last: string;
  firstInitial: string;
  firstSoundex: string;
  lastSoundex: string;
  sex: string;
  dob: string;
  zip5: string;
  zip3: string;
}

export type LinkageField = keyof NormalisedIdentifiers;

/** Each type's fields, in message order. */
export const LINKAGE_TOKEN_FIELDS: Record<LinkageTokenType, readonly LinkageField[]> = {
  /** last name + first initial + sex + date of birth */
  T1: ['last', 'firstInitial', 'sex', 'dob'],
  /** Soundex of last name + Soundex of first name + sex + date of birth (spelling variants meet) */
  T2: ['lastSoundex', 'firstSoundex', 'sex', 'dob'],
  /** last name + first name + date of birth + ZIP3 (sex unknown; moved nearby) */
  T3: ['last', 'first', 'dob', 'zip3'],
  /** last name + first name + sex + date of birth (moved house) */
  T4: ['last', 'first', 'sex', 'dob'],
};

/** The types a new configuration starts with. */
export const DEFAULT_LINKAGE_TOKEN_TYPES: readonly LinkageTokenType[] = ['T1', 'T2'];

export function normaliseIdentifiers(input: LinkageIdentifiers, today = new Date()): NormalisedIdentifiers {
  const first = normaliseName(input.firstName);
  const last = normaliseName(input.lastName);
  return {
    first,
    last,
    firstInitial: first.slice(0, 1),
    firstSoundex: linkageSoundex(first),
    lastSoundex: linkageSoundex(last),
    sex: normaliseSex(input.gender),
    dob: normaliseBirthDate(input.dateOfBirth, today),
    zip5: normalisePostalCode(input.zipCode, 5),
    zip3: normalisePostalCode(input.zipCode, 3),
  };
}

/** What is hashed for a token type, or the fields missing for it. */
export type LinkageMessage =
  | { type: LinkageTokenType; message: string }
  | { type: LinkageTokenType; missing: LinkageField[] };

export function linkageMessage(type: LinkageTokenType, fields: NormalisedIdentifiers): LinkageMessage {
  const names = LINKAGE_TOKEN_FIELDS[type];
  const missing = names.filter((n) => fields[n] === '');
  if (missing.length) return { type, missing };
  return { type, message: [type, ...names.map((n) => fields[n])].join('|') };
}

/** A study key as the configuration accepts it: 32 bytes written as 64 hex characters. */
export const LINKAGE_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;
