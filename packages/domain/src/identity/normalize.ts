/**
 * How each piece of identity is written before it joins an identity token (001 §9; decision D-138). Two
 * records of one person rarely spell things alike — accents, case, "Jr.", "Street" or "St", dots in a Gmail
 * address, a phone with or without its country code — and a keyed hash of two spellings shares nothing, so
 * every value is reduced to one canonical form first. Each function answers null when nothing usable is left:
 * a token kind that needs that value is then not made (never hashed with a blank).
 */
import { phoneDigits } from '../phone';

/** Letters that carry no accent to strip (NFD leaves them whole): their plain Latin spelling. */
const PLAIN_LATIN: Record<string, string> = { Æ: 'AE', Œ: 'OE', Ø: 'O', Ł: 'L', Đ: 'D', Ð: 'D', Þ: 'TH' };

/** Upper case, accents stripped (é → E, ß → SS, Ø → O), anything else left for the caller to filter. */
function plainUpper(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[ÆŒØŁĐÐÞ]/g, (c) => PLAIN_LATIN[c]!);
}

/** Generational suffixes, dropped when they end a name ("Smith Jr." and "Smith" are one surname). */
const NAME_SUFFIXES = new Set(['JR', 'JNR', 'SR', 'SNR', 'II', 'III', 'IV']);

/**
 * A name in capitals A–Z only: accents stripped, spaces, hyphens and apostrophes removed ("O'Reilly-García"
 * → OREILLYGARCIA), a trailing generational suffix dropped. Null when no letter is left (a name in another
 * script yields no Latin letters: its kinds are not made rather than made from nothing).
 */
export function normalizeName(value: string | null | undefined): string | null {
  const words = plainUpper(value ?? '')
    .split(/[^A-Z]+/)
    .filter((w) => w !== '');
  while (words.length > 1 && NAME_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.length > 0 ? words.join('') : null;
}

/** American Soundex digit of each letter; vowels and Y are 0 (they separate), H and W have none. */
const SOUNDEX_CODES: Record<string, string> = {
  ...Object.fromEntries([...'AEIOUY'].map((c) => [c, '0'])),
  ...Object.fromEntries([...'BFPV'].map((c) => [c, '1'])),
  ...Object.fromEntries([...'CGJKQSXZ'].map((c) => [c, '2'])),
  D: '3',
  T: '3',
  L: '4',
  M: '5',
  N: '5',
  R: '6',
};

/**
 * Classic American Soundex (the US National Archives' rule) of a normalised name: its first letter and three
 * digits. Letters of one code next to each other count once, also across H or W (Ashcraft A261) and with the
 * first letter (Pfister P236); a vowel between them makes them count twice (Tymczak T522). Null for no name.
 */
export function soundex(name: string | null | undefined): string | null {
  const letters = (name ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  if (letters === '') return null;
  let out = letters[0]!;
  let previous = SOUNDEX_CODES[letters[0]!];
  for (const letter of letters.slice(1)) {
    const code = SOUNDEX_CODES[letter];
    if (code === undefined) continue; // H, W: neither coded nor separating
    if (code !== '0' && code !== previous) out += code;
    previous = code;
  }
  return out.padEnd(4, '0').slice(0, 4);
}

const GENDERS: Record<string, 'M' | 'F' | 'U'> = {
  M: 'M',
  MALE: 'M',
  MAN: 'M',
  F: 'F',
  FEMALE: 'F',
  WOMAN: 'F',
  U: 'U',
  UNKNOWN: 'U',
  O: 'U',
  OTHER: 'U',
  X: 'U',
};

/** M, F or U (unknown, other, X), whatever the case; null for anything else. */
export function normalizeGender(value: string | null | undefined): 'M' | 'F' | 'U' | null {
  const key = (value ?? '').trim().toUpperCase();
  return Object.hasOwn(GENDERS, key) ? GENDERS[key]! : null;
}

/** The earliest birth year taken: an older date is a typing slip, and would make a token that links nobody. */
export const IDENTITY_DOB_MIN_YEAR = 1900;

/** An ISO date (yyyy-mm-dd) that is a real day from 1900 on, as YYYYMMDD; null otherwise. */
export function normalizeDob(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? '').trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= IDENTITY_DOB_MIN_YEAR ? `${m[1]}${m[2]}${m[3]}` : null;
}

/**
 * The first 5, 3 or 2 characters of a postcode's letters and digits (001 §9: "zip (2, 3 or 5 digits)"): a ZIP+4
 * 90210-4455 gives 90210, 902 and 90. Null when the postcode is shorter than that (a participant who gives only
 * three digits still gets the zip-3 and zip-2 kinds).
 */
export function zipPrefix(value: string | null | undefined, length: 5 | 3 | 2): string | null {
  const plain = plainUpper(value ?? '').replace(/[^A-Z0-9]/g, '');
  return plain.length >= length ? plain.slice(0, length) : null;
}

/** The usual long forms of street words and their USPS abbreviations (a minimal set: the common ones). */
const ADDRESS_WORDS: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  TERRACE: 'TER',
  PARKWAY: 'PKWY',
  HIGHWAY: 'HWY',
  CIRCLE: 'CIR',
  SQUARE: 'SQ',
  APARTMENT: 'APT',
  SUITE: 'STE',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
};

/**
 * A street address in capitals: accents stripped, punctuation made a space, spaces collapsed, the common street
 * words abbreviated ("12 North Main Street, Apt. 4" → 12 N MAIN ST APT 4). Null when no letter or digit is left.
 */
export function normalizeAddress(value: string | null | undefined): string | null {
  const words = plainUpper(value ?? '')
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => ADDRESS_WORDS[w] ?? w);
  return words.length > 0 ? words.join(' ') : null;
}

/** Google's two domains for one mailbox, where dots and a +tag in the local part do not matter. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail address trimmed and in lower case. For Gmail only, the local part loses its dots and any +tag and
 * googlemail.com reads gmail.com (Google delivers all of them to one mailbox); elsewhere a dot can tell two
 * mailboxes apart, so it stays. Null when it is not an address (or holds `|`, the tokens' separator).
 */
export function normalizeEmail(value: string | null | undefined): string | null {
  const email = (value ?? '').trim().toLowerCase();
  const m = /^([^\s@|]+)@([^\s@|]+\.[^\s@|]+)$/.exec(email);
  if (!m) return null;
  const [local, domain] = [m[1]!, m[2]!];
  if (!GMAIL_DOMAINS.has(domain)) return email;
  const mailbox = local.split('+')[0]!.replace(/\./g, '');
  return mailbox === '' ? null : `${mailbox}@gmail.com`;
}

/** Italy keeps the leading 0 of its numbers after the country code; elsewhere it is only the trunk prefix. */
const KEEPS_LEADING_ZERO = new Set(['39']);

/**
 * A phone number as its international digits (E.164 without the +): a number written with + or 00 carries its
 * own country code; otherwise the country code is put before it, without the national trunk 0 (+44 07700 900123
 * → 447700900123). With no country code, a 10-digit number (11 with a leading 1) is North American, as the
 * portal shows it (phone.ts); any other is null, as is a +1 number without 10 digits: a guessed country or a
 * short number would make a token that links nobody.
 */
export function normalizePhone(
  phoneNumber: string | null | undefined,
  countryCode: string | null | undefined,
): string | null {
  const raw = (phoneNumber ?? '').trim();
  const digits = phoneDigits(raw);
  const cc = phoneDigits(countryCode);
  const northAmerican = digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  let international: string | null;
  if (raw.startsWith('+')) international = digits;
  else if (raw.startsWith('00')) international = digits.slice(2);
  else if (cc === '' || cc === '1') international = northAmerican ? `1${digits.slice(-10)}` : null;
  else international = cc + (KEEPS_LEADING_ZERO.has(cc) ? digits : digits.replace(/^0/, ''));
  // E.164: at most 15 digits; the shortest numbers in use (small territories) have 7.
  return international !== null && international.length >= 7 && international.length <= 15 ? international : null;
}
