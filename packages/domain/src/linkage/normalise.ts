/**
 * Privacy-preserving linkage (issue 14; H-024…H-029; decision H-linkage-tokens): the identifiers a linkage token is
 * made from, normalised so that the same person written with other case, accents, spacing or punctuation gives the
 * same string. The name, Soundex, sex and postcode rules are the participant identity tokens' (identity/normalize.ts,
 * D-138): one rule for both. Pure: the keyed hash (HMAC-SHA256 with the study's key) is the server's.
 */
import { normalizeGender, normalizeName, soundex, zipPrefix } from '../identity/normalize';

/**
 * A first or last name as tokens use it: accents stripped, upper case, Æ → AE, Ø → O, ß → SS, words split on
 * anything but A–Z, a trailing JR/SR/II/III/IV word dropped, then only A–Z kept. '' when no letter is left.
 */
export function normaliseName(value: string | null | undefined): string {
  return normalizeName(value?.normalize('NFKC')) ?? '';
}

/** American Soundex as the US National Archives define it (identity/normalize.ts); '' for an empty name. */
export function linkageSoundex(name: string): string {
  return soundex(name) ?? '';
}

/** A date of birth as YYYY-MM-DD when it is a real calendar date (1900 or later, not in the future); else ''. */
export function normaliseBirthDate(value: string | null | undefined, today = new Date()): string {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(value ?? '');
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return '';
  if (y < 1900 || date.getTime() > today.getTime()) return '';
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The participant's gender field as the tokens' sex: M, F or U (other, unknown); '' when not given. */
export function normaliseSex(gender: string | null | undefined): '' | 'M' | 'F' | 'U' {
  return normalizeGender(gender) ?? ((gender ?? '').trim() ? 'U' : '');
}

/**
 * A ZIP or postal code's first `length` letters and digits (5: ZIP5, 3: ZIP3), upper case ("02115-1234" → 02115 /
 * 021; "SW1A 1AA" → SW1A1 / SW1); '' when the code is shorter than that.
 */
export function normalisePostalCode(value: string | null | undefined, length: 3 | 5): string {
  return zipPrefix(value, length) ?? '';
}
