/**
 * Numbers given as JS numbers (an API client's `answer: 0.0000001`, a bound `min: 1e-7`) are read in
 * plain decimal notation, the only notation the number rules accept from typed text (decision
 * B-number-text): the digits of String(n), the shortest that read back as n, without an exponent.
 */

/** `1e-7` → `0.0000001`, `1e21` → `1000000000000000000000`; NaN and ±Infinity as String gives them. */
export function plainNumberText(n: number): string {
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const sign = s.startsWith('-') ? '-' : '';
  const mantissa = s.slice(sign.length, e);
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  // where the decimal point falls in `digits` once the exponent is applied
  const point = (dot < 0 ? mantissa.length : dot) + Number(s.slice(e + 1));
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  // String(n) writes an exponent only below 1e-6 and from 1e21 up: here the point lies past the digits
  return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
}

/** A scalar (text or number) as text: numbers in plain decimal notation; null and undefined as ''. */
export function scalarText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? plainNumberText(v) : String(v);
}
