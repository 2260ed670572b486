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
