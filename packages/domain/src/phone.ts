/**
 * Phone helpers (000 §5, 001 §5): a leading plus on country codes for one-time codes, and the
 * display format (xxx) xxx-xxxx with +1 as the default country code for 10/11-digit numbers.
 */

/** Add a leading `+` to a country code if missing: `1` → `+1`, `+44` → `+44`, `` → ``. */
export function withLeadingPlus(countryCode: string | number | null | undefined): string {
  const s = String(countryCode ?? '').trim();
  if (s === '') return '';
  return s.startsWith('+') ? s : `+${s}`;
}

const DEFAULT_PHONE_COUNTRY_CODE = '+1';

/** Only the digits of a phone number. */
export function phoneDigits(number: string | number | null | undefined): string {
  return String(number ?? '').replace(/\D/g, '');
}

/** `(xxx) xxx-xxxx` for 10 digits (or 11 with a leading country digit); otherwise the input trimmed. */
export function formatPhoneNational(number: string | number | null | undefined): string {
  const d = phoneDigits(number);
  if (d.length !== 10 && d.length !== 11) return String(number ?? '').trim();
  const n = d.slice(-10);
  return `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`;
}

/**
 * Display a phone number: `+1 (555) 123-4567`. Numbers of 10 or 11 digits take `countryCode`
 * (plus added if missing) or default to +1; an 11-digit number's first digit is its country digit
 * and is replaced by the country code. Other lengths are returned as given (trimmed), prefixed by
 * the country code when one is passed.
 */
export function formatPhoneDisplay(
  number: string | number | null | undefined,
  countryCode?: string | number | null,
): string {
  const d = phoneDigits(number);
  const cc = withLeadingPlus(countryCode);
  if (d.length === 10 || d.length === 11) {
    return `${cc || DEFAULT_PHONE_COUNTRY_CODE} ${formatPhoneNational(d)}`;
  }
  const raw = String(number ?? '').trim();
  if (raw === '') return '';
  return cc ? `${cc} ${raw}` : raw;
}

/** A North American number's 10 digits when `digits` is one (10 digits, or 11 with the leading country digit 1). */
function northAmericanDigits(digits: string): string | null {
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/**
 * A phone number as the participant portal shows it (001 §4: "Phone is formatted as (xxx) xxx-xxxx"). A US-style
 * number — country code +1 or none, 10 digits (11 with the leading 1) — reads `(555) 123-4567`. Any other is
 * shown in international form as it was typed: `+44` and `20 7946 0958` → `+44 20 7946 0958`; a number typed
 * with its own `+` keeps it (the country code beside it is then not added again). Without a country code, a
 * number that is not US-style stays as typed: its country is not known, so nothing is guessed. Blank → ''.
 */
export function formatPhone(
  countryCode: string | number | null | undefined,
  number: string | number | null | undefined,
): string {
  const raw = String(number ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  if (raw === '') return '';
  const digits = phoneDigits(raw);
  if (raw.startsWith('+')) {
    const national = digits.startsWith('1') ? northAmericanDigits(digits) : null;
    return national ? formatPhoneNational(national) : raw;
  }
  const cc = withLeadingPlus(countryCode);
  if (cc === '' || cc === DEFAULT_PHONE_COUNTRY_CODE) {
    const national = northAmericanDigits(digits);
    if (national) return formatPhoneNational(national);
  }
  return cc ? `${cc} ${raw}` : raw;
}

/**
 * The `tel:` address of a phone number (RFC 3966): `+` and the digits when the country is known (its own `+`,
 * a country code given, or a US-style number), else the digits alone, which the phone dials as a local number.
 * Null when there are no digits to dial.
 */
export function telHref(
  countryCode: string | number | null | undefined,
  number: string | number | null | undefined,
): string | null {
  const raw = String(number ?? '').trim();
  const digits = phoneDigits(raw);
  if (digits === '') return null;
  if (raw.startsWith('+')) return `tel:+${digits}`;
  const cc = withLeadingPlus(countryCode);
  if (cc !== '' && cc !== DEFAULT_PHONE_COUNTRY_CODE) return `tel:${cc}${digits}`;
  const national = northAmericanDigits(digits);
  if (national) return `tel:${DEFAULT_PHONE_COUNTRY_CODE}${national}`;
  return cc ? `tel:${cc}${digits}` : `tel:${digits}`;
}
