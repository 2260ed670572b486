/**
 * Identity tokens for privacy-preserving record linkage (001 §3, §9; decision D-138). A participant who accepts
 * linkage (`datavant_consent`) gives their identity meta once; each token kind joins a different combination of
 * its normalised values (normalize.ts) and is a keyed hash of that text, so two datasets holding the same
 * person's tokens can be linked without either side seeing a name. Several kinds, because any one value may be
 * missing or written differently in the other dataset: a surname changed at marriage still links on the kinds
 * without it. The hash function is a parameter: its key stays on the server, this module runs anywhere.
 */
import { z } from 'zod';
import type { MessageKey } from '../messages/catalogue';
import {
  normalizeAddress,
  normalizeDob,
  normalizeEmail,
  normalizeGender,
  normalizeName,
  normalizePhone,
  soundex,
  zipPrefix,
} from './normalize';

export * from './normalize';

// ── the meta (D-134) ─────────────────────────────────────────────────────────────────────────────────────

const blank = (v: string | null | undefined): v is null | undefined | '' => v == null || v.trim() === '';

/** An optional text of at most `max` characters; blank is absent; else `problemOf` names what is wrong, if any. */
function field(max: number, problemOf: (value: string) => MessageKey | null = () => null) {
  return z
    .string()
    .max(max)
    .nullable()
    .optional()
    .superRefine((v, ctx) => {
      // A text over its length has that message only.
      const key = blank(v) || v.length > max ? null : problemOf(v.trim());
      if (key) ctx.addIssue({ code: 'custom', message: key, params: { messageKey: key } });
    });
}

/** Today as an ISO date (UTC): a birth date after it is a slip. */
const todayIso = () => new Date().toISOString().slice(0, 10);

function dobProblem(v: string): MessageKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'errors.invalidFormat';
  return normalizeDob(v) === null || v > todayIso() ? 'errors.invalidValue' : null;
}

/**
 * 001 §3: the identity-token meta. Every field may be left out, null or blank: the kinds that need it are then
 * not made. What is given must be usable: a real birth date (yyyy-mm-dd), a known gender, a postcode of at
 * least two letters or digits, an e-mail address, a phone number whose country is known.
 */
export const IdentityTokenMetaSchema = z
  .object({
    firstName: field(100),
    lastName: field(100),
    gender: field(20, (v) => (normalizeGender(v) ? null : 'errors.invalidValue')),
    dob: field(10, dobProblem),
    zipcode: field(12, (v) => (/^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/.test(v) ? null : 'errors.invalidFormat')),
    address: field(200),
    email: field(254, (v) => (normalizeEmail(v) ? null : 'errors.invalidEmail')),
    countryCode: field(4, (v) => (/^\+?\d{1,3}$/.test(v) ? null : 'errors.invalidFormat')),
    phoneNumber: field(30, (v) => (/^\+?[0-9 ().-]+$/.test(v) ? null : 'errors.invalidFormat')),
  })
  .strict()
  .superRefine((meta, ctx) => {
    // Written well but of no known country (no country code and not a North American number), or too short.
    const { phoneNumber, countryCode } = meta;
    if (blank(phoneNumber) || !/^\+?[0-9 ().-]+$/.test(phoneNumber.trim())) return;
    if (!blank(countryCode) && !/^\+?\d{1,3}$/.test(countryCode.trim())) return;
    if (normalizePhone(phoneNumber, countryCode) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: 'errors.invalidValue',
        params: { messageKey: 'errors.invalidValue' },
      });
  });
export type IdentityTokenMeta = z.output<typeof IdentityTokenMetaSchema>;

/** The meta as far as it goes, valid or not: the token functions read any of it (nothing here throws). */
export type IdentityTokenMetaLike = Partial<Record<keyof IdentityTokenMeta, string | null>>;

// ── the kinds (D-135…D-138) ──────────────────────────────────────────────────────────────────────────────

/** The normalised values a kind can join (D-135: name, gender, date of birth, address, zip, e-mail or phone). */
export const IDENTITY_TOKEN_FIELDS = [
  'lastName',
  'firstName',
  'firstInitial',
  'lastNameSoundex',
  'firstNameSoundex',
  'gender',
  'dob',
  'birthYear',
  'zip5',
  'zip3',
  'zip2',
  'address',
  'email',
  'phone',
] as const;
export type IdentityTokenField = (typeof IDENTITY_TOKEN_FIELDS)[number];

/** D-136: the 17 named kinds. */
export const IDENTITY_TOKEN_NAMED_KINDS = [1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18, 23, 24, 25, 26] as const;
/** D-137: the two kinds that also exist (the bare contact tokens). */
export const IDENTITY_TOKEN_EXTRA_KINDS = [29, 30] as const;
export const IDENTITY_TOKEN_KINDS = [...IDENTITY_TOKEN_NAMED_KINDS, ...IDENTITY_TOKEN_EXTRA_KINDS] as const;
export type IdentityTokenKind = (typeof IDENTITY_TOKEN_KINDS)[number];

export interface IdentityTokenRecipe {
  /** The kind's name, which also starts its hashed text (a value never makes the same token in two kinds). */
  name: string;
  /** The normalised values joined, in this order (e-mail and phone always last). */
  fields: readonly IdentityTokenField[];
  /** What the kind is for: the difference it tolerates between two records of one person. */
  purpose: string;
}

/** D-138: the formula of each kind. */
export const IDENTITY_TOKEN_RECIPES: Record<IdentityTokenKind, IdentityTokenRecipe> = {
  1: { name: 'T1', fields: ['lastName', 'firstInitial', 'gender', 'dob'], purpose: 'nicknames' },
  2: {
    name: 'T2',
    fields: ['lastNameSoundex', 'firstNameSoundex', 'gender', 'dob'],
    purpose: 'misspelt names',
  },
  3: { name: 'T3', fields: ['lastName', 'firstName', 'dob', 'zip5'], purpose: 'gender missing' },
  4: { name: 'T4', fields: ['lastName', 'firstName', 'gender', 'dob'], purpose: 'moved house' },
  6: { name: 'T6', fields: ['lastName', 'firstName', 'dob', 'zip3'], purpose: 'moved nearby' },
  7: { name: 'T7', fields: ['lastName', 'firstInitial', 'dob', 'zip5'], purpose: 'nicknames, gender missing' },
  8: {
    name: 'T8',
    fields: ['lastNameSoundex', 'firstNameSoundex', 'dob', 'zip3'],
    purpose: 'misspelt names, gender missing',
  },
  9: { name: 'T9', fields: ['lastName', 'firstName', 'gender', 'birthYear', 'zip5'], purpose: 'day or month slip' },
  12: { name: 'T12', fields: ['lastName', 'firstName', 'address', 'zip5'], purpose: 'birth date missing' },
  14: { name: 'T14', fields: ['lastName', 'firstInitial', 'address', 'zip5'], purpose: 'nicknames, no birth date' },
  15: { name: 'T15', fields: ['firstName', 'dob', 'address', 'zip5'], purpose: 'surname changed' },
  17: { name: 'T17', fields: ['lastName', 'firstName', 'dob', 'zip2'], purpose: 'moved within the region' },
  18: {
    name: 'T18',
    fields: ['lastNameSoundex', 'firstInitial', 'gender', 'dob', 'zip2'],
    purpose: 'misspelt surname, nickname',
  },
  23: { name: 'T23', fields: ['lastName', 'firstName', 'email'], purpose: 'no birth date or address' },
  24: { name: 'T24', fields: ['lastName', 'firstName', 'phone'], purpose: 'no birth date or address' },
  25: { name: 'T25', fields: ['firstName', 'dob', 'email'], purpose: 'surname changed' },
  26: { name: 'T26', fields: ['firstName', 'dob', 'phone'], purpose: 'surname changed' },
  29: { name: 'T29', fields: ['email'], purpose: 'e-mail address alone' },
  30: { name: 'T30', fields: ['phone'], purpose: 'phone number alone' },
};

/** A full name has at least two letters (Datavant's rule too): one letter is an initial. */
const fullName = (name: string | null) => (name !== null && name.length >= 2 ? name : null);

/**
 * Each value a kind can join, normalised; a value that is missing or unusable is absent. Gender U counts as
 * missing: "unknown" in two records says nothing about them being one person.
 */
export function normalizedIdentity(meta: IdentityTokenMetaLike): Partial<Record<IdentityTokenField, string>> {
  const first = normalizeName(meta.firstName);
  const last = fullName(normalizeName(meta.lastName));
  const gender = normalizeGender(meta.gender);
  const dob = normalizeDob(meta.dob);
  const values: Record<IdentityTokenField, string | null> = {
    lastName: last,
    firstName: fullName(first),
    firstInitial: first?.[0] ?? null,
    lastNameSoundex: soundex(last),
    firstNameSoundex: soundex(fullName(first)),
    gender: gender === 'U' ? null : gender,
    dob,
    birthYear: dob?.slice(0, 4) ?? null,
    zip5: zipPrefix(meta.zipcode, 5),
    zip3: zipPrefix(meta.zipcode, 3),
    zip2: zipPrefix(meta.zipcode, 2),
    address: normalizeAddress(meta.address),
    email: normalizeEmail(meta.email),
    phone: normalizePhone(meta.phoneNumber, meta.countryCode),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
}

export interface IdentityTokenInput {
  kind: IdentityTokenKind;
  /** The plain text hashed: the kind's name and its values joined by `|` (PII: never stored or logged). */
  input: string;
}

/** The text of each kind whose values are all present, in kind order; a kind missing one is left out. */
export function identityTokenInputs(meta: IdentityTokenMetaLike): IdentityTokenInput[] {
  const values = normalizedIdentity(meta);
  return IDENTITY_TOKEN_KINDS.flatMap((kind) => {
    const recipe = IDENTITY_TOKEN_RECIPES[kind];
    const parts = recipe.fields.map((f) => values[f]);
    if (parts.some((p) => p === undefined)) return [];
    return [{ kind, input: [recipe.name, ...parts].join('|') }];
  });
}

export interface IdentityToken {
  kind: IdentityTokenKind;
  token: string;
}

/**
 * The tokens of the meta: `hmac` is the keyed hash (the server's HMAC-SHA256 under its own key), given here so
 * the key never leaves the server and the inputs never leave this call.
 */
export async function identityTokens(
  meta: IdentityTokenMetaLike,
  hmac: (input: string) => Promise<string>,
): Promise<IdentityToken[]> {
  return Promise.all(identityTokenInputs(meta).map(async ({ kind, input }) => ({ kind, token: await hmac(input) })));
}
